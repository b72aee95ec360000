#include "check/file_report.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>

namespace ironlog {


FileReport check_stream(std::string path, std::istream& in, const CheckOptions& options,
                        const ngn::ParseOptions& parse_options, const GameSink& on_game) {
    FileReport report;
    report.source = ngn::SourceExcerpts(path);
    ngn::LineWindow window;
    std::size_t index = 0;
    ngn::FileErrors errors = ngn::read_games(
        in, window,
        [&](ngn::Game&& game) {
            // Lines before the first game that are neither blank nor comments are the errors outside
            // games (each reported at the end): keep them before the window lets them go.
            if (index == 0) ngn::keep_content_lines(window, 1, game.first_line - 1, report.source);
            GameReport g = check_game(game, ++index, options);
            // The lines the findings point at outlive the window; the game's own lines do not.
            ngn::SourceExcerpts own(path);
            ngn::SourceExcerpts& lines = on_game ? own : report.source;
            for (const auto& f : g.findings)
                if (f.file.empty()) lines.keep(f.pos.line, window.line(f.pos.line));
            if (on_game) on_game(std::move(g), own);
            else report.games.push_back(std::move(g));
            window.release_through(game.last_line);
        },
        parse_options);
    // Errors outside games lie before the first game, in lines no game released.
    for (const auto& e : errors.errors) {
        if (!report.source.has(e.pos.line)) report.source.keep(e.pos.line, window.line(e.pos.line));
        report.findings.push_back(make_finding(Severity::Error, Kind::Syntax, RuleRef{}, e.pos, e.message));
    }
    const std::uint32_t last_line = window.last();
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
        report.source.keep(1, window.line(1));
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
