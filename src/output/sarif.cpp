// SARIF 2.1.0 for `ironlog check --format sarif` (OASIS Static Analysis Results Interchange
// Format). One run; one reporting descriptor per rule cited, with its help (helpUri: the
// ruleset's coverage table in the documentation, under IRONLOG_DOCS_URI); the invocation (command
// line, exit code); columns in code points.
#include "output/report.hpp"
#include "output/writers.hpp"

#include <nlohmann/json.hpp>

#include <map>

namespace ironlog::output {

namespace {

using json = nlohmann::ordered_json;

// A relative path as a URI reference: keep unreserved characters and '/', escape the rest.
std::string to_uri(const std::string& path) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// Where a rule is documented: a ruleset's coverage table, or the notation's reference for NGN's own.
std::string help_uri(const RuleRef& rule) {
    const std::string base = IRONLOG_DOCS_URI;
    if (rule.empty() || rule.ruleset == "ngn") return base + "notation.md";
    return base + "rules/" + to_uri(rule.ruleset) + ".md#coverage";
}

const char* level(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "none";
}

}  // namespace

namespace {

// Results are made as games come and written at the end: memory grows with the findings, not
// with the games.
class SarifWriter : public ReportWriter {
public:
    explicit SarifWriter(std::ostream& os) : os_(os) {}

private:
    std::size_t rule_for(const Finding& f) {
        std::string id = f.rule.empty() ? "ngn/syntax" : f.rule.id();
        auto it = rule_index_.find(id);
        if (it != rule_index_.end()) return it->second;
        std::string text = f.rule.empty() ? "NGN syntax" : f.rule.text();
        rules_.push_back(json{{"id", id}, {"name", id}, {"shortDescription", json{{"text", text}}}, {"helpUri", help_uri(f.rule)}});
        rule_index_[id] = rules_.size() - 1;
        return rules_.size() - 1;
    }
    void add(const ngn::SourceExcerpts& source, const Finding& f) {
        std::size_t index = rule_for(f);
        const std::string where = f.file.empty() ? uri_ : to_uri(f.file);
        json region{{"startLine", std::max<std::uint32_t>(1, f.pos.line)},
                    {"startColumn", std::max<std::uint32_t>(1, f.file.empty() ? source.display_column(f.pos) : f.pos.column)}};
        json properties{{"kind", to_string(f.kind)}};
        if (!f.rule.empty()) properties["rule"] = f.rule.text();
        if (f.expected) properties["expected"] = *f.expected;
        if (f.recorded) properties["recorded"] = *f.recorded;
        if (f.ruling) properties["ruling"] = json{{"line", f.ruling->pos.line}, {"text", f.ruling->text}};
        std::string message = f.message;
        if (f.expected && f.recorded) message += " (expected " + *f.expected + ", recorded " + *f.recorded + ")";
        results_.push_back(json{
            {"ruleId", rules_[index]["id"]},
            {"ruleIndex", index},
            {"level", level(f.severity)},
            {"message", json{{"text", message}}},
            {"locations", json::array({json{{"physicalLocation",
                                             json{{"artifactLocation", json{{"uri", where}}}, {"region", region}}}}})},
            {"properties", properties}});
    }
    void on_begin_file(const std::string& path, const std::optional<std::string>& read_error) override {
        uri_ = to_uri(path);
        artifacts_.push_back(json{{"location", json{{"uri", uri_}}}});
        if (read_error) add(ngn::SourceExcerpts(path), make_finding(Severity::Error, Kind::Inconsistent, RuleRef{}, ngn::SourcePos{1, 1}, *read_error));
    }
    void on_game(const GameReport& g, const ngn::SourceExcerpts& source) override {
        for (const auto& f : g.findings) add(source, f);
    }
    void on_end_file(const FileReport& file) override {
        if (file.read_error) return;
        for (const auto& f : file.findings) add(file.source, f);
    }
    void invocation(const std::string& command_line, int exit_code) override {
        // Findings are a successful run (exit 1); exit 2 is a run that could not do its work.
        invocations_ = json::array({json{{"commandLine", command_line}, {"executionSuccessful", exit_code != 2}, {"exitCode", exit_code}}});
    }
    void on_finish(const Summary&) override {
        json doc{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                 {"version", "2.1.0"},
                 {"runs", json::array({json{{"tool", json{{"driver", json{{"name", "ironlog"},
                                                                          {"version", IRONLOG_VERSION},
                                                                          {"semanticVersion", IRONLOG_VERSION},
                                                                          {"rules", rules_}}}}},
                                            {"columnKind", "unicodeCodePoints"},
                                            {"artifacts", artifacts_},
                                            {"results", results_}}})}};
        if (!invocations_.empty()) doc["runs"][0]["invocations"] = invocations_;
        os_ << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
        os_.flush();
    }

    std::ostream& os_;
    json rules_ = json::array(), results_ = json::array(), artifacts_ = json::array(), invocations_ = json::array();
    std::map<std::string, std::size_t> rule_index_;
    std::string uri_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_sarif_writer(std::ostream& os) { return std::make_unique<SarifWriter>(os); }

}  // namespace ironlog::output
