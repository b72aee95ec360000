#include "rules/admiral/tables.hpp"

#include <array>
#include <utility>

namespace ironlog::rules::admiral {

namespace {
// Unit Features/Type: structure points by type (PT is not in the table).
constexpr std::array<std::pair<std::string_view, int>, 12> kTypeSp{{
    {"BB", 4}, {"PB", 3}, {"BC", 4}, {"CA", 3}, {"CV", 3}, {"CL", 2},
    {"CVL", 2}, {"CVE", 1}, {"DD", 1}, {"SS", 1}, {"ES", 1}, {"AK", 1},
}};

constexpr std::array<const char*, 6> kLightCriticals{"none", "torpedo-tubes", "aircraft", "communication", "conning-tower", "aa"};

// Admiral Orders: movement, attack, damage, aircraft, tactical orders and the pre-order.
constexpr std::array<std::string_view, 16> kOrders{
    "engine-power",  "planned-veer",     "evasive-maneuvering", "specific-target", "splitted-fire", "barrage-fire",
    "defending-fire", "immediate-orders", "landing",            "take-off",        "smoke",         "mine-field",
    "torpedo-barrage", "protection-screen", "movement-in-formation", "pre-order",
};
}  // namespace

std::optional<int> type_sp(std::string_view type) {
    for (const auto& [t, sp] : kTypeSp)
        if (t == type) return sp;
    return std::nullopt;
}

bool known_type(std::string_view type) { return type == "PT" || type_sp(type).has_value(); }

int torpedo_size_bonus(std::string_view t) {
    if (t == "BB" || t == "BC" || t == "CV") return 3;
    if (t == "PB" || t == "CA" || t == "CVL") return 2;
    if (t == "CL" || t == "AK" || t == "CVE") return 1;
    return 0;
}

const char* light_critical(int face) { return face >= 1 && face <= 6 ? kLightCriticals[static_cast<std::size_t>(face - 1)] : "?"; }

std::optional<int> light_critical_face(std::string_view word) {
    for (std::size_t i = 0; i < kLightCriticals.size(); ++i)
        if (word == kLightCriticals[i]) return static_cast<int>(i) + 1;
    return std::nullopt;
}

bool cumulative_critical(int face) { return face == 2 || face == 3 || face == 6; }

bool known_order(std::string_view name) {
    for (auto o : kOrders)
        if (o == name) return true;
    return false;
}

std::string order_list() {
    std::string out;
    for (auto o : kOrders) out += std::string(out.empty() ? "" : ", ") + std::string(o);
    return out;
}

Scale scale_of(std::string_view option) {
    if (option == "2400") return {0.8, 1.3};
    if (option == "3000") return {0.6, 1.6};
    return {1.0, 1.0};
}

}  // namespace ironlog::rules::admiral
