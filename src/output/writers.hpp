// The three writers behind make_writer (report.hpp), one per format.
#pragma once

#include "output/report.hpp"

namespace ironlog::output {

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& os, bool excerpts, bool summary, bool colour = false);
std::unique_ptr<ReportWriter> make_json_writer(std::ostream& os);
std::unique_ptr<ReportWriter> make_sarif_writer(std::ostream& os);

}  // namespace ironlog::output
