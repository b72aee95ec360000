#include "check/file_report.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace ironlog {

FileReport check_stream(std::string path, std::istream& in, const CheckOptions& options,
                        const ngn::ParseOptions& parse_options, const GameSink& on_game, const Threads& threads,
                        const GameChecker& checker) {
    FileReport report;
    report.source = ngn::SourceExcerpts(path);
    struct Checked {
        GameReport report;
        ngn::SourceExcerpts lines;  // the lines its findings point at, which outlive the window
    };
    std::size_t index = 0;
    StreamRead read = for_each_game<Checked>(
        in, path, parse_options, threads,
        [&](ngn::Game&& game, const ngn::LineWindow& window) {
            // numbered in file order when handed over: a thread does not know how many games came before
            Checked c{checker ? checker(std::move(game), window) : check_game(game, 0, options), ngn::SourceExcerpts(path)};
            for (const auto& f : c.report.findings)
                if (f.file.empty()) c.lines.keep(f.pos.line, window.line(f.pos.line));
            return c;
        },
        [&](Checked&& c) {
            c.report.index = ++index;
            if (on_game) return on_game(std::move(c.report), c.lines);
            for (const auto& [line, text] : c.lines.lines()) report.source.keep(line, text);
            report.games.push_back(std::move(c.report));
        });
    for (const auto& [line, text] : read.outside.lines()) report.source.keep(line, text);
    const ngn::FileErrors& errors = read.errors;
    for (const auto& e : errors.errors)
        report.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message));
    const std::uint32_t last_line = read.last_line;
    if (in.bad()) {
        // The block that failed is lost whole: the finding stands at the first line not read.
        report.read_failed = true;
        const int error = errno;
        report.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, ngn::SourcePos{last_line + 1, 1},
                                               "could not read the file from here on: " +
                                                   std::string(error != 0 ? std::strerror(error) : "input/output error")));
    } else if (errors.truncated) {
        report.findings.push_back(make_finding(Severity::Note, Kind::Syntax, RuleRef{}, ngn::SourcePos{last_line, 1},
                                               "too many syntax errors: stopped reading (see --max-errors)"));
    }
    if (index == 0 && errors.errors.empty() && !report.read_failed) {
        report.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, ngn::SourcePos{1, 1},
                                               "no game in this file: a game begins with tag pairs such as [Ruleset \"ironclads\"]"));
    }
    return report;
}

FileReport check_text(std::string path, std::string text, const CheckOptions& options, const ngn::ParseOptions& parse_options) {
    std::istringstream in(std::move(text));
    return check_stream(std::move(path), in, options, parse_options);
}

}  // namespace ironlog
