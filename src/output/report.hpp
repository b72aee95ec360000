// Writing findings: gcc-style text for people, a documented JSON document for programs, and
// SARIF 2.1.0 for editors and code-review tools. See docs/output.md.
#pragma once

#include "check/report.hpp"
#include "notation/source.hpp"

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog::output {

struct Summary {
    std::size_t files = 0, games = 0, errors = 0, warnings = 0, notes = 0;
};

enum class Format { Text, Json, Sarif };

// Writes reports as they come, a file at a time and each game as soon as it is checked, so that
// checking a season holds one game in memory, not the season. Per file: begin_file, game for
// each game, end_file (the file's own findings); then finish once.
class ReportWriter {
public:
    virtual ~ReportWriter() = default;
    // read_error: the file could not be opened (then no game follows).
    void begin_file(const std::string& path, const std::optional<std::string>& read_error);
    void game(const GameReport& g, const ngn::SourceExcerpts& source);
    void end_file(const FileReport& file);
    void finish();
    const Summary& summary() const { return summary_; }
    // The run's command line and exit status, for a format that records them (SARIF's
    // invocations); given before finish.
    virtual void invocation(const std::string& /*command_line*/, int /*exit_code*/) {}

protected:
    virtual void on_begin_file(const std::string& path, const std::optional<std::string>& read_error) = 0;
    virtual void on_game(const GameReport& g, const ngn::SourceExcerpts& source) = 0;
    virtual void on_end_file(const FileReport& file) = 0;
    virtual void on_finish(const Summary& s) = 0;

private:
    Summary summary_;
};

// text: excerpts shows each finding's line with a caret; summary ends with the counts line.
std::unique_ptr<ReportWriter> make_writer(Format format, std::ostream& os, bool excerpts = true, bool summary = false, bool colour = false);

// The same for reports held whole (tests, small inputs).
void write_text(std::ostream& os, const std::vector<FileReport>& files, bool excerpts = true);
void write_json(std::ostream& os, const std::vector<FileReport>& files);
void write_sarif(std::ostream& os, const std::vector<FileReport>& files);

// file:line:col: severity: message [rule] (kind), then expected/recorded, then the source
// line with a caret.
// Text as a terminal may show it: control characters (C0, DEL, C1) as \xNN or \uNNNN, and
// Unicode bidirectional controls as \uNNNN, so that what a file holds cannot rewrite the screen.
std::string visible(std::string_view text);
// colour: the severity and the caret in a terminal's colours (ANSI), as compilers show them
void write_finding_text(std::ostream& os, const ngn::SourceExcerpts& source, const Finding& f, bool excerpt, bool colour = false);
void write_finding_text(std::ostream& os, const ngn::SourceText& source, const Finding& f, bool excerpt, bool colour = false);
void write_summary(std::ostream& os, const Summary& s);

}  // namespace ironlog::output
