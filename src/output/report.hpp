// Writing findings: gcc-style text for people, a documented JSON document for programs, and
// SARIF 2.1.0 for editors and code-review tools. See docs/output.md.
#pragma once

#include "check/file_report.hpp"

#include <ostream>
#include <vector>

namespace ironlog::output {

struct Summary {
    std::size_t files = 0, games = 0, errors = 0, warnings = 0, notes = 0;
};
Summary summarize(const std::vector<FileReport>& files);

// file:line:col: severity: message [rule] (kind), then expected/recorded, then the source
// line with a caret.
void write_text(std::ostream& os, const std::vector<FileReport>& files, bool excerpts = true);
void write_finding_text(std::ostream& os, const ngn::SourceText& source, const Finding& f, bool excerpt);
void write_summary(std::ostream& os, const Summary& s);

void write_json(std::ostream& os, const std::vector<FileReport>& files);
void write_sarif(std::ostream& os, const std::vector<FileReport>& files);

}  // namespace ironlog::output
