// Ironclads Appendix A: ship specifications and the Data Card derived from them.
#pragma once

#include "notation/source.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog::rules::ironclads {

// "1 stat", "3 stats": a count and its noun, for messages.
inline std::string counted(long long n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

enum class GunClass { VeryLight, Light, Medium, Heavy, VeryHeavy, Monster };
const char* to_string(GunClass c);
int tenths_per_gun(GunClass c);  // stats per gun in tenths: 2, 4, 7, 12, 20, 33

enum class Rifling { Unknown, Smoothbore, Rifled };

// One line of a ship's armament: "18x6.4in-r" is 18 rifled guns of 6.4 inches.
struct Gun {
    int count = 1;
    std::optional<double> calibre_in;
    std::optional<double> shot_lb;
    Rifling rifling = Rifling::Unknown;
    std::string text;
};
// <count>x<calibre>in|mm [/<shot>lb] [-r|-sb], or <count>x<shot>lb|pdr [-r|-sb].
std::optional<Gun> parse_gun(std::string_view text, std::string& error);
// By weight of shot or by calibre (rifled or smoothbore column; unknown rifling reads as
// smoothbore); the heavier class when the two disagree. `why` says how it was found.
GunClass gun_class(const Gun& gun, std::string* why = nullptr);

// The rows of gun stats on a Data Card.
enum Mount { Fwd, Port, Stbd, Rear, FwdTurret, CentreTurret, RearTurret, kMounts };
const char* mount_name(int m);   // fwd, port, stbd, rear, fwd-turret, centre-turret, rear-turret
const char* mount_title(int m);  // Forward Arc, Port Broadside Arc, ...
int mount_cap(int m);            // 10, 25, 25, 10, 10, 10, 10
bool is_turret(int m);
std::optional<int> parse_mount(std::string_view word);  // also "center-turret", "starboard"

// The arcs a turret fires into, agreed before the game: F, P, S, R.
using ArcSet = unsigned;
constexpr ArcSet kArcF = 1, kArcP = 2, kArcS = 4, kArcR = 8;
std::optional<ArcSet> parse_arcs(std::string_view word);  // "PS", "FPSR"
std::string arcs_text(ArcSet arcs);                      // "PS"
// The arc a gun mount points into (port broadside -> P); turrets: 0.
ArcSet mount_arc(int m);

struct ShipSpec {
    std::string name;
    std::string nation;
    std::string years;
    std::vector<std::string> sisters;
    std::vector<Gun> guns[kMounts];
    std::optional<ArcSet> turret_arcs[3];
    std::optional<double> belt_in;  // iron belt
    bool no_belt = false;           // "belt none": no iron armour at all
    enum class Backing { None, Unknown, Given } backing = Backing::None;
    double backing_in = 0;
    std::optional<double> knots;
    std::optional<double> tons;
    bool monitor = false;
    std::string file;  // where it was read
    ngn::SourcePos pos;
};

struct Card {
    int guns[kMounts] = {};
    std::optional<ArcSet> turret_arcs[3];
    int armour = 0;
    int prop = 0;
    int hull = 0;
};

// The card of Appendix A. The stats a spec lacks the figures for (no belt given: armour; no
// speed: prop; no displacement: hull) are left 0 and named in `unknown`. `steps` (optional)
// receives the working, line by line.
struct DerivedCard {
    Card card;
    std::vector<std::string> unknown;  // "armour", "prop", "hull"
    std::string missing_text() const;  // "its iron belt (or belt none), its speed in knots"
};
DerivedCard derive_card(const ShipSpec& spec, std::vector<std::string>* steps = nullptr);

// Wooden screw (no armour at the start), tinclad (1-2) or ironclad (3 or more).
const char* ship_class(int initial_armour);

// The card in the book's layout: each row's stats numbered from 01, those remaining plain,
// the rest struck (~~like this~~). `remaining` is the same card as `initial` at the start.
struct CardView {
    std::string name;
    const ShipSpec* spec = nullptr;
    Card initial;
    Card remaining;
    std::vector<int> speeds;  // current speeds set so far, the last is the current one
    std::string hits;         // unresolved hits: "CH"
    std::vector<std::string> notes;
};
std::string render_card(const CardView& view);

}  // namespace ironlog::rules::ironclads
