#include "check/file_report.hpp"

#include <algorithm>

namespace ironlog {

std::size_t FileReport::count(Severity s) const {
    std::size_t n = static_cast<std::size_t>(
        std::count_if(findings.begin(), findings.end(), [s](const Finding& f) { return f.severity == s; }));
    for (const auto& g : games) n += g.count(s);
    return n;
}

FileReport check_text(std::string path, std::string text, const CheckOptions& options, const ngn::ParseOptions& parse_options) {
    FileReport report;
    report.source = ngn::SourceText(std::move(path), std::move(text));
    std::size_t index = 0;
    ngn::FileErrors errors = ngn::read_games(
        report.source.text(), [&](ngn::Game&& game) { report.games.push_back(check_game(game, ++index, options)); },
        parse_options);
    for (const auto& e : errors.errors)
        report.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message));
    if (errors.truncated)
        report.findings.push_back(make_finding(Severity::Note, Kind::Syntax, RuleRef{}, ngn::SourcePos{static_cast<std::uint32_t>(report.source.line_count()), 1},
                                          "too many syntax errors: stopped reading (see --max-errors)"));
    if (index == 0 && errors.errors.empty())
        report.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, ngn::SourcePos{1, 1},
                                               "no game in this file: a game begins with tag pairs such as [Ruleset \"ironclads\"]"));
    return report;
}

}  // namespace ironlog
