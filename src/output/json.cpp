// The JSON document of `ironlog check --format json`, documented in docs/output.md.
#include "output/report.hpp"

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

json finding_json(const ngn::SourceText& source, const Finding& f) {
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

void write_json(std::ostream& os, const std::vector<FileReport>& files) {
    json doc;
    doc["ironlog"] = IRONLOG_VERSION;
    doc["format"] = 1;
    json jfiles = json::array();
    for (const auto& file : files) {
        json jf{{"path", file.source.path()}, {"error", opt(file.read_error)}};
        json games = json::array();
        for (const auto& g : file.games) {
            json tags = json::object();
            for (const auto& [name, value] : g.tags)
                if (!tags.contains(name)) tags[name] = value;
            json findings = json::array();
            for (const auto& f : g.findings) findings.push_back(finding_json(file.source, f));
            games.push_back(json{{"index", g.index},
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
                                 {"findings", findings}});
        }
        jf["games"] = games;
        json ff = json::array();
        for (const auto& f : file.findings) ff.push_back(finding_json(file.source, f));
        jf["findings"] = ff;
        jfiles.push_back(jf);
    }
    doc["files"] = jfiles;
    Summary s = summarize(files);
    doc["summary"] = json{{"files", s.files}, {"games", s.games}, {"errors", s.errors}, {"warnings", s.warnings}, {"notes", s.notes}};
    // Invalid UTF-8 never reaches here (the reader refuses it), but stay safe.
    os << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace ironlog::output
