// libFuzzer target: any bytes checked as records, with every ruleset. The first byte picks the
// ruleset whose [Ruleset] tag is put before the rest, so every engine is reached even from a
// corpus of one; the records' own tags then speak. Checking never crashes or hangs.
#include "rules/registry.hpp"
#include "check/file_report.hpp"
#include "check/ruleset.hpp"

#include <cstdint>
#include <string>

#ifndef IRONLOG_FUZZ_BASE
#define IRONLOG_FUZZ_BASE "."
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto& all = ironlog::all_rulesets().all;
    const ironlog::Ruleset* r = all[data[0] % all.size()];
    std::string text = "[Ruleset \"" + r->info.id + "\"]\n";
    text.append(reinterpret_cast<const char*>(data) + 1, size - 1);
    ironlog::CheckOptions options(ironlog::all_rulesets());
    options.base_dir = IRONLOG_FUZZ_BASE;  // where the samples' maps, libraries and tables are
    ironlog::check_text("fuzz.ngn", std::move(text), options);
    return 0;
}
