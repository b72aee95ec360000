// What a `ship` line says in Ironclads, in a ship library or in a record: the ship's
// specifications (for Appendix A), a Data Card given directly, and its starting state.
#pragma once

#include "check/finding.hpp"
#include "notation/record.hpp"
#include "rules/ironclads/cards.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ironlog::rules::ironclads {

struct CardGiven {
    std::optional<int> guns[kMounts];
    std::optional<int> armour, prop, hull;
    bool any() const;
};

struct ShipData {
    ShipSpec spec;
    bool has_spec = false;  // any specification (guns, armour, speed, displacement) was given
    CardGiven card;
    std::optional<ArcSet> turret_arcs[3];
    std::optional<int> speed;  // current speed at the start
    bool astern = false;
    std::optional<ngn::TablePos> at;
    ngn::SourcePos at_pos;
    std::optional<double> base_length, base_width;  // cm
    std::optional<std::string> class_name;          // the library entry to use
};

struct DataProblem {
    ngn::SourcePos pos;
    std::string message;
};

// Reads the arguments of a ship line. Words it does not know are problems.
ShipData read_ship_data(ngn::Items items, std::vector<DataProblem>& problems);

// A ship library: an NGN file of `ship` lines giving specifications.
class ShipLibrary {
public:
    // Reads a library; its problems are findings in that file. Returns false when it cannot be read.
    bool load(const std::filesystem::path& path, const std::string& shown_as, Findings& findings);
    // The entry of a ship by its name or the name of a sister ship (case does not matter).
    const ShipSpec* find(std::string_view name) const;
    const std::vector<ShipSpec>& ships() const { return ships_; }

private:
    std::vector<ShipSpec> ships_;
};

}  // namespace ironlog::rules::ironclads
