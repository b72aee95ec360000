#include "check/report.hpp"

#include <algorithm>

namespace ironlog {

std::size_t GameReport::count(Severity s) const {
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(), [s](const Finding& f) { return f.severity == s; }));
}

std::size_t FileReport::count(Severity s) const {
    std::size_t n = static_cast<std::size_t>(
        std::count_if(findings.begin(), findings.end(), [s](const Finding& f) { return f.severity == s; }));
    for (const auto& g : games) n += g.count(s);
    return n;
}

}  // namespace ironlog
