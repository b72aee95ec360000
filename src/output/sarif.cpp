// SARIF 2.1.0 for `ironlog check --format sarif` (OASIS Static Analysis Results Interchange
// Format). One run; one reporting descriptor per rule cited; columns in code points.
#include "output/report.hpp"

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

const char* level(Severity s) {
    switch (s) {
        case Severity::Error: return "error";
        case Severity::Warning: return "warning";
        case Severity::Note: return "note";
    }
    return "none";
}

}  // namespace

void write_sarif(std::ostream& os, const std::vector<FileReport>& files) {
    json rules = json::array();
    std::map<std::string, std::size_t> rule_index;
    auto rule_for = [&](const Finding& f) -> std::size_t {
        std::string id = f.rule.empty() ? "ngn/syntax" : f.rule.id();
        auto it = rule_index.find(id);
        if (it != rule_index.end()) return it->second;
        std::string text = f.rule.empty() ? "NGN syntax" : f.rule.text();
        rules.push_back(json{{"id", id}, {"name", id}, {"shortDescription", json{{"text", text}}}});
        rule_index[id] = rules.size() - 1;
        return rules.size() - 1;
    };

    json results = json::array();
    json artifacts = json::array();
    for (const auto& file : files) {
        const std::string uri = to_uri(file.source.path());
        artifacts.push_back(json{{"location", json{{"uri", uri}}}});
        auto add = [&](const Finding& f) {
            std::size_t index = rule_for(f);
            const std::string where = f.file.empty() ? uri : to_uri(f.file);
            json region{{"startLine", std::max<std::uint32_t>(1, f.pos.line)},
                        {"startColumn", std::max<std::uint32_t>(1, f.file.empty() ? file.source.display_column(f.pos) : f.pos.column)}};
            json properties{{"kind", to_string(f.kind)}};
            if (!f.rule.empty()) properties["rule"] = f.rule.text();
            if (f.expected) properties["expected"] = *f.expected;
            if (f.recorded) properties["recorded"] = *f.recorded;
            if (f.ruling) properties["ruling"] = json{{"line", f.ruling->pos.line}, {"text", f.ruling->text}};
            std::string message = f.message;
            if (f.expected && f.recorded) message += " (expected " + *f.expected + ", recorded " + *f.recorded + ")";
            results.push_back(json{
                {"ruleId", rules[index]["id"]},
                {"ruleIndex", index},
                {"level", level(f.severity)},
                {"message", json{{"text", message}}},
                {"locations", json::array({json{{"physicalLocation",
                                                 json{{"artifactLocation", json{{"uri", where}}}, {"region", region}}}}})},
                {"properties", properties}});
        };
        if (file.read_error) {
            add(make_finding(Severity::Error, Kind::Inconsistent, RuleRef{}, ngn::SourcePos{1, 1}, *file.read_error));
            continue;
        }
        for (const auto& f : file.findings) add(f);
        for (const auto& g : file.games)
            for (const auto& f : g.findings) add(f);
    }
    json doc{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
             {"version", "2.1.0"},
             {"runs", json::array({json{{"tool", json{{"driver", json{{"name", "ironlog"},
                                                                      {"version", IRONLOG_VERSION},
                                                                      {"semanticVersion", IRONLOG_VERSION},
                                                                      {"rules", rules}}}}},
                                        {"columnKind", "unicodeCodePoints"},
                                        {"artifacts", artifacts},
                                        {"results", results}}})}};
    os << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace ironlog::output
