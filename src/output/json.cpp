// The JSON document of `ironlog check --format json`, documented in docs/output.md.
#include "output/report.hpp"
#include "output/writers.hpp"

#include <nlohmann/json.hpp>

namespace ironlog::output {

namespace {

using json = nlohmann::ordered_json;

json rule_json(const RuleRef& r) {
    if (r.empty()) return nullptr;
    return json{{"ruleset", r.ruleset}, {"section", r.section}, {"title", r.title}, {"text", r.text()}};
}

json opt(const std::optional<std::string>& s) { return s ? json(*s) : json(nullptr); }

}  // namespace

json finding_json(const ngn::SourceExcerpts& source, const Finding& f) {
    json j{{"severity", to_string(f.severity)},
           {"kind", to_string(f.kind)},
           {"rule", rule_json(f.rule)},
           {"file", f.file.empty() ? json(nullptr) : json(f.file)},
           {"line", f.pos.line},
           {"column", f.file.empty() ? source.display_column(f.pos) : f.pos.column},
           {"message", f.message},
           {"expected", opt(f.expected)},
           {"recorded", opt(f.recorded)},
           {"ruling", nullptr}};
    if (f.ruling) j["ruling"] = json{{"line", f.ruling->pos.line}, {"text", f.ruling->text}};
    return j;
}

namespace {

// The document is written piece by piece, a game at a time, yet reads exactly as if it had been
// dumped whole with an indent of 2: each piece is dumped on its own and indented to its depth.
std::string dump(const json& j, std::size_t depth) {
    std::string text = j.dump(2, ' ', false, json::error_handler_t::replace);  // invalid UTF-8 never gets here, but stay safe
    std::string out;
    out.reserve(text.size() + 64);
    const std::string indent(depth, ' ');
    for (char c : text) {
        out += c;
        if (c == '\n') out += indent;  // a JSON string holds no raw newline: every one is layout
    }
    return out;
}

class JsonWriter : public ReportWriter {
public:
    explicit JsonWriter(std::ostream& os) : os_(os) {}

private:
    void start() {
        if (started_) return;
        started_ = true;
        os_ << "{\n  \"ironlog\": " << json(IRONLOG_VERSION).dump() << ",\n  \"format\": 1,\n  \"files\": [";
    }
    void on_begin_file(const std::string& path, const std::optional<std::string>& read_error) override {
        start();
        os_ << (files_++ ? ",\n    {\n" : "\n    {\n") << "      \"path\": " << dump(json(path), 6)
            << ",\n      \"error\": " << dump(opt(read_error), 6) << ",\n      \"games\": [";
        games_ = 0;
    }
    void on_game(const GameReport& g, const ngn::SourceExcerpts& source) override {
        json tags = json::object();
        for (const auto& [name, value] : g.tags)
            if (!tags.contains(name)) tags[name] = value;
        json findings = json::array();
        for (const auto& f : g.findings) findings.push_back(finding_json(source, f));
        json jg{{"index", g.index},
                {"first_line", g.first_line},
                {"last_line", g.last_line},
                {"ruleset", g.ruleset.empty() ? json(nullptr) : json(g.ruleset)},
                {"replayed", g.replayed},
                {"engine", g.has_engine},
                {"events", g.events},
                {"tags", tags},
                {"errors", g.count(Severity::Error)},
                {"warnings", g.count(Severity::Warning)},
                {"notes", g.count(Severity::Note)},
                {"findings", findings}};
        os_ << (games_++ ? ",\n        " : "\n        ") << dump(jg, 8);
    }
    void on_end_file(const FileReport& file) override {
        json ff = json::array();
        for (const auto& f : file.findings) ff.push_back(finding_json(file.source, f));
        os_ << (games_ ? "\n      ]" : "]") << ",\n      \"findings\": " << dump(ff, 6) << "\n    }";
    }
    void on_finish(const Summary& s) override {
        start();
        json summary{{"files", s.files}, {"games", s.games}, {"errors", s.errors}, {"warnings", s.warnings}, {"notes", s.notes}};
        os_ << (files_ ? "\n  ]" : "]") << ",\n  \"summary\": " << dump(summary, 2) << "\n}\n";
        os_.flush();
    }

    std::ostream& os_;
    bool started_ = false;
    std::size_t files_ = 0, games_ = 0;
};

}  // namespace

std::unique_ptr<ReportWriter> make_json_writer(std::ostream& os) { return std::make_unique<JsonWriter>(os); }

}  // namespace ironlog::output
