// What every writer shares: the running summary, the choice of format, and writing reports
// held whole through the same writers.
#include "output/report.hpp"
#include "output/writers.hpp"

#include <algorithm>

namespace ironlog::output {

namespace {

std::size_t count(const std::vector<Finding>& findings, Severity s) {
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(), [s](const Finding& f) { return f.severity == s; }));
}

void write_all(ReportWriter& w, const std::vector<FileReport>& files) {
    for (const auto& file : files) {
        w.begin_file(file.source.path(), file.read_error);
        for (const auto& g : file.games) w.game(g, file.source);
        w.end_file(file);
    }
    w.finish();
}

}  // namespace

void ReportWriter::begin_file(const std::string& path, const std::optional<std::string>& read_error) {
    ++summary_.files;
    if (read_error) ++summary_.errors;
    on_begin_file(path, read_error);
}

void ReportWriter::game(const GameReport& g, const ngn::SourceExcerpts& source) {
    ++summary_.games;
    summary_.errors += g.count(Severity::Error);
    summary_.warnings += g.count(Severity::Warning);
    summary_.notes += g.count(Severity::Note);
    on_game(g, source);
}

void ReportWriter::end_file(const FileReport& file) {
    summary_.errors += count(file.findings, Severity::Error);
    summary_.warnings += count(file.findings, Severity::Warning);
    summary_.notes += count(file.findings, Severity::Note);
    on_end_file(file);
}

void ReportWriter::finish() { on_finish(summary_); }

std::unique_ptr<ReportWriter> make_writer(Format format, std::ostream& os, bool excerpts, bool summary, bool colour) {
    switch (format) {
        case Format::Json: return make_json_writer(os);
        case Format::Sarif: return make_sarif_writer(os);
        case Format::Text: break;
    }
    return make_text_writer(os, excerpts, summary, colour);
}

void write_text(std::ostream& os, const std::vector<FileReport>& files, bool excerpts) {
    auto w = make_text_writer(os, excerpts, false);
    write_all(*w, files);
}

void write_json(std::ostream& os, const std::vector<FileReport>& files) {
    auto w = make_json_writer(os);
    write_all(*w, files);
}

void write_sarif(std::ostream& os, const std::vector<FileReport>& files) {
    auto w = make_sarif_writer(os);
    write_all(*w, files);
}

}  // namespace ironlog::output
