// The three writers behind make_writer (report.hpp), one per format.
#pragma once

#include "output/report.hpp"

#include <cstdint>

namespace ironlog::output {

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& os, bool excerpts, bool summary, bool colour = false);
std::unique_ptr<ReportWriter> make_json_writer(std::ostream& os);
std::unique_ptr<ReportWriter> make_sarif_writer(std::ostream& os);

// A character shown escaped wherever a record's text is written for a person (text.cpp): a
// control, a line or paragraph separator, a bidirectional control.
bool hidden(std::int32_t code);

}  // namespace ironlog::output
