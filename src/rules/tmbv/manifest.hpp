// The ship manifests (2.0, 3.0): each ship's counter and manifest values, which the rulebook
// text leaves out. A record names the players' manifest file in [Library]; the format is in
// docs/rules/tmbv.md and fixtures/tables/tmbv-lissa-test-manifest.ngn (made-up test values).
#pragma once

#include "check/finding.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace ironlog::rules::tmbv {

struct ManifestShip {
    std::string name;
    char type = '?';        // B, F, C, D, G, I (3.0)
    int ma = 0;             // movement allowance
    int cf = 0;             // combat factor
    bool rifled = false;    // "r" after the CF (14.3)
    int defence = 0;        // defense factor
    bool ironclad = false;  // "ic" after the defense factor
    int hull = 0;           // hull boxes (7.8.7)
    int ram = 0;            // 0 none, 1 single triangle, 2 double arrows (3.0 Ram, 7.9.1)
    bool small = false;     // "S" on the counter; D, G and I ships are small whatever it says (3.0)
    char crew = 0;          // A, B, C; 0 = the nation's (13.0)
    ngn::SourcePos pos;
};

// A side's admiral and the command rating printed on its counter (5.3, 6.1.2), which the text leaves out.
struct ManifestAdmiral {
    std::string name;
    std::string side;  // as the manifest writes it
    int rating = 0;
    ngn::SourcePos pos;
};

// A port's coastal battery (9.2.2): its fire and defense factors (the defense counted as an
// ironclad's) and its damage boxes (9.2.7, 9.3), which the text leaves out.
struct ManifestPort {
    std::string name;
    int fire = 0, defence = 0, boxes = 0;
    ngn::SourcePos pos;
};

class Manifest {
public:
    static Manifest load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings);

    std::string source() const { return source_; }
    std::string file() const { return file_; }
    // A ship by its full name or alias, as the record declares it.
    const ManifestShip* find(const std::string& name) const;
    // The admiral of a side, by the side's name or alias (case does not count); null when not given.
    const ManifestAdmiral* admiral_of(const std::string& side) const;
    // A port by its area's name (case does not count); null when not given.
    const ManifestPort* port(const std::string& name) const;

private:
    std::map<std::string, ManifestShip> ships_;  // by name, lower case
    std::map<std::string, ManifestAdmiral> admirals_;  // by side, lower case
    std::map<std::string, ManifestPort> ports_;  // by name, lower case
    std::string source_, file_;
};

}  // namespace ironlog::rules::tmbv
