// The demo's numbers: structure points by type (Unit Features/Type), the torpedo size bonus
// (Torpedo Launch Bonuses and Maluses), the light critical table (Damage/Critical Damage), the
// Admiral Orders' names and the scales (Game Rules/Matter of Scale).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ironlog::rules::admiral {

// Structure points of a type; none for a type the table does not list (PT).
std::optional<int> type_sp(std::string_view type);
bool known_type(std::string_view type);
// The torpedo success bonus for the target's type: +3 BB BC CV, +2 PB CA CVL, +1 CL AK CVE, else 0.
int torpedo_size_bonus(std::string_view type);

// The light critical table's result for a d6 face, as a record writes it: none, torpedo-tubes,
// aircraft, communication, conning-tower, aa.
const char* light_critical(int face);
// The face of a result word; none when it is not one.
std::optional<int> light_critical_face(std::string_view word);
// Whether a light critical result may be taken more than once.
bool cumulative_critical(int face);

// The Admiral Orders as a record writes them (Admiral Orders), lower case with hyphens.
bool known_order(std::string_view name);
std::string order_list();

// Game Rules/Matter of Scale: cm a knot moves, and what ranges are divided by.
struct Scale {
    double cm_per_knot = 1.0;
    double range_divisor = 1.0;
};
Scale scale_of(std::string_view option);

}  // namespace ironlog::rules::admiral
