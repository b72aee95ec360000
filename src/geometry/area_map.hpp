// An area map: sea areas and ports, which touch which, and what each is (ice, Dardanelles,
// harbour defences, the land a port stands on). Shared by the area-map rulesets (eia-naval;
// tmbv's operational map). The file format is NGN's line syntax, one place a line; see
// docs/maps.md:
//
//   "English Channel" sea adjacent "North Sea","Bay of Biscay"
//   Brest port land Brittany touches "Bay of Biscay","English Channel" harbour 2 controller France
//   "Gulf of Bothnia" sea ice
//   winter 12,1,2
//   Pola sea boxes controller Austria adjacent Trieste,"Upper Adriatic"     (tmbv)
#pragma once

#include "check/finding.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace geometry {

struct Place {
    std::string name;
    bool port = false;             // a port (with its blockade box); else a sea area
    std::set<std::string> touches;  // sea areas: adjacent sea areas; ports: the sea areas their blockade box touches
    std::string land;              // ports: the land area the port city stands in
    std::optional<int> harbour;    // ports: the harbour defence value printed in the box
    std::string controller;        // ports (and tmbv's sea areas with boxes): who holds it when the game begins
    bool ice = false;              // sea areas north of the ice line
    bool dardanelles = false;      // the Dardanelles sea area
    bool boxes = false;            // tmbv: a sea area divided into At Sea, Blockade, Bombard and Port boxes (6.4.6)
    bool mediterranean = false;    // tmbv: the "To the Mediterranean" sea area (6.7)
    std::uint32_t line = 0;        // where the map file declares it
};

class AreaMap {
public:
    // Reads a map file; problems are reported as findings against the file (file set).
    static AreaMap load(const std::filesystem::path& path, const std::string& shown_name, ironlog::Findings& findings);

    const Place* find(const std::string& name) const;  // exact name, else case-insensitive
    const std::map<std::string, Place>& places() const { return places_; }
    bool adjacent(const std::string& a, const std::string& b) const;  // two sea areas
    // The number of areas entered from `start` to every place it reaches through `touches`.
    std::map<std::string, int> steps_from(const std::string& start) const;
    const std::set<int>& winter_months() const { return winter_; }
    bool winter_known() const { return winter_known_; }
    std::string file() const { return file_; }
    std::string source() const { return source_; }  // where its values come from: source "..." ("" when not said)
    // The name nearest a mistyped one, for "did you mean".
    std::string suggest(const std::string& name) const;

private:
    std::map<std::string, Place> places_;
    std::set<int> winter_;
    bool winter_known_ = false;
    std::string file_, source_;
};

}  // namespace geometry
