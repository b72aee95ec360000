#include "rules/ironclads/cards.hpp"
#include "check/items.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace ironlog::rules::ironclads {

namespace {

constexpr double kEps = 1e-9;

// Whole stats from a measure: fractions round up (7.35" -> 8), exact values stay (7.0" -> 7).
// Held within +-100,000,000 (a specification written absurdly large must not overflow).
int round_up(double v) { return v == v ? static_cast<int>(std::ceil(std::clamp(v, -1e8, 1e8) - kEps)) : 0; }

std::string fmt_num(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

std::optional<double> parse_double(std::string_view s) {
    double v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v) || v <= 0) return std::nullopt;
    return v;
}

// Upper bounds of each class, inclusive: very light, light, medium, heavy, very heavy.
constexpr double kShotLb[] = {12, 64, 90, 170, 220};
constexpr double kSmoothboreIn[] = {5, 7.5, 9.5, 13, 15};
constexpr double kRifledIn[] = {3.5, 5, 6.5, 9, 10.5};

GunClass class_by(double value, const double (&bounds)[5]) {
    for (int i = 0; i < 5; ++i)
        if (value <= bounds[i] + kEps) return static_cast<GunClass>(i);
    return GunClass::Monster;
}

}  // namespace

const char* to_string(GunClass c) {
    static const char* names[] = {"Very Light", "Light", "Medium", "Heavy", "Very Heavy", "Monster"};
    return names[static_cast<int>(c)];
}

int tenths_per_gun(GunClass c) {
    static const int tenths[] = {2, 4, 7, 12, 20, 33};
    return tenths[static_cast<int>(c)];
}

std::optional<Gun> parse_gun(std::string_view text, std::string& error) {
    Gun g;
    g.text = std::string(text);
    std::string s = lower(text);
    auto x = s.find('x');
    if (x == std::string::npos || x == 0) {
        error = "a gun is written <count>x<size>, e.g. 18x6.4in-r or 5x110lb-r";
        return std::nullopt;
    }
    int count = 0;
    auto r = std::from_chars(s.data(), s.data() + x, count);
    if (r.ec != std::errc() || r.ptr != s.data() + x || count < 1) {
        error = "the number of guns before 'x' must be a whole number from 1";
        return std::nullopt;
    }
    g.count = count;
    std::string rest = s.substr(x + 1);
    if (auto dash = rest.find('-'); dash != std::string::npos) {
        std::string kind = rest.substr(dash + 1);
        rest = rest.substr(0, dash);
        static const char* rifled[] = {"r", "rifled", "rml", "rbl", "mlr", "blr"};
        static const char* smooth[] = {"sb", "smoothbore", "mls", "bls", "sbml", "sbbl"};
        if (std::find(std::begin(rifled), std::end(rifled), kind) != std::end(rifled))
            g.rifling = Rifling::Rifled;
        else if (std::find(std::begin(smooth), std::end(smooth), kind) != std::end(smooth))
            g.rifling = Rifling::Smoothbore;
        else {
            error = "'" + kind + "' is not a kind of gun: -r (rifled) or -sb (smoothbore)";
            return std::nullopt;
        }
    }
    // one or two measures, separated by '/': a calibre (in, mm) and/or a weight of shot (lb, pdr)
    std::size_t start = 0;
    while (start <= rest.size()) {
        auto slash = rest.find('/', start);
        std::string part = rest.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        std::size_t unit_at = 0;
        while (unit_at < part.size() && (std::isdigit(static_cast<unsigned char>(part[unit_at])) || part[unit_at] == '.')) ++unit_at;
        auto value = parse_double(std::string_view(part).substr(0, unit_at));
        std::string unit = part.substr(unit_at);
        if (!value) {
            error = "expected a calibre or a weight of shot such as 6.4in, 164mm or 68lb in '" + g.text + "'";
            return std::nullopt;
        }
        if (unit == "in" || unit == "\"") g.calibre_in = *value;
        else if (unit == "mm") g.calibre_in = *value / 25.4;
        else if (unit == "lb" || unit == "pdr" || unit == "lbs") g.shot_lb = *value;
        else {
            error = "'" + unit + "' is not a unit of a gun: in, mm (calibre) or lb, pdr (weight of shot)";
            return std::nullopt;
        }
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return g;
}

GunClass gun_class(const Gun& gun, std::string* why) {
    std::optional<GunClass> by_shot, by_calibre;
    if (gun.shot_lb) by_shot = class_by(*gun.shot_lb, kShotLb);
    if (gun.calibre_in) by_calibre = class_by(*gun.calibre_in, gun.rifling == Rifling::Rifled ? kRifledIn : kSmoothboreIn);
    GunClass c = std::max(by_shot.value_or(GunClass::VeryLight), by_calibre.value_or(GunClass::VeryLight));
    if (why) {
        std::string s;
        if (by_shot) s += fmt_num(*gun.shot_lb) + " lb shot: " + to_string(*by_shot);
        if (by_calibre) {
            if (!s.empty()) s += "; ";
            s += fmt_num(std::round(*gun.calibre_in * 100) / 100) + "\" " +
                 (gun.rifling == Rifling::Rifled ? "rifled" : gun.rifling == Rifling::Smoothbore ? "smoothbore" : "smoothbore (rifling unknown)") +
                 ": " + to_string(*by_calibre);
        }
        if (by_shot && by_calibre && *by_shot != *by_calibre) s += std::string("; the heavier: ") + to_string(c);
        *why = s;
    }
    return c;
}

namespace {
constexpr std::string_view kMountNames[] = {"fwd", "port", "stbd", "rear", "fwd-turret", "centre-turret", "rear-turret"};
}

const char* mount_name(int m) { return kMountNames[m].data(); }

const char* mount_title(int m) {
    static const char* n[] = {"Forward Arc", "Port Broadside Arc", "Starb Broadside Arc", "Rear Arc",
                              "Forward Turret", "Centre Turret", "Rear Turret"};
    return n[m];
}

int mount_cap(int m) { return (m == Port || m == Stbd) ? 25 : 10; }

bool is_turret(int m) { return m >= FwdTurret; }

std::optional<int> parse_mount(std::string_view word) {
    for (int m = 0; m < kMounts; ++m)
        if (same_lower(word, kMountNames[m])) return m;
    if (same_lower(word, "forward")) return Fwd;
    if (same_lower(word, "starboard")) return Stbd;
    if (same_lower(word, "center-turret")) return CentreTurret;
    if (same_lower(word, "forward-turret")) return FwdTurret;
    return std::nullopt;
}

std::optional<ArcSet> parse_arcs(std::string_view word) {
    ArcSet a = 0;
    if (word.empty()) return std::nullopt;
    for (char c : word) {
        switch (std::toupper(static_cast<unsigned char>(c))) {
            case 'F': a |= kArcF; break;
            case 'P': a |= kArcP; break;
            case 'S': a |= kArcS; break;
            case 'R': a |= kArcR; break;
            default: return std::nullopt;
        }
    }
    return a;
}

std::string arcs_text(ArcSet arcs) {
    std::string s;
    if (arcs & kArcF) s += 'F';
    if (arcs & kArcP) s += 'P';
    if (arcs & kArcS) s += 'S';
    if (arcs & kArcR) s += 'R';
    return s;
}

ArcSet mount_arc(int m) {
    switch (m) {
        case Fwd: return kArcF;
        case Port: return kArcP;
        case Stbd: return kArcS;
        case Rear: return kArcR;
        default: return 0;
    }
}

std::string DerivedCard::missing_text() const {
    std::string s;
    for (const auto& u : unknown)
        s += (s.empty() ? "" : ", ") + std::string(u == "armour" ? "its iron belt (or belt none)" : u == "prop" ? "its speed in knots" : "its displacement");
    return s;
}

DerivedCard derive_card(const ShipSpec& spec, std::vector<std::string>* steps) {
    auto step = [&](const std::string& s) {
        if (steps) steps->push_back(s);
    };
    DerivedCard out;
    Card& c = out.card;
    for (int m = 0; m < kMounts; ++m) {
        if (spec.guns[m].empty()) continue;
        int tenths = 0;
        std::string working;
        for (const auto& g : spec.guns[m]) {
            std::string why;
            GunClass k = gun_class(g, &why);
            // held within +-100,000,000 (saturating_add): a count written absurdly large must not overflow
            const long long of_these = static_cast<long long>(g.count) * tenths_per_gun(k);
            tenths = saturating_add(tenths, static_cast<int>(std::min<long long>(of_these, 100000000LL)));
            step(std::string(mount_title(m)) + ": " + g.text + " is " + to_string(k) + " (" + why + "), " +
                 std::to_string(g.count) + " x " + fmt_num(tenths_per_gun(k) / 10.0) + " = " +
                 fmt_num(static_cast<double>(of_these) / 10.0));
        }
        int stats = (tenths + 9) / 10;
        int capped = std::min(stats, mount_cap(m));
        step(std::string(mount_title(m)) + ": " + fmt_num(tenths / 10.0) + " rounds up to " +
             (capped < stats ? std::to_string(stats) + ", capped at " + counted(capped, "stat", "stats") : counted(stats, "stat", "stats")));
        c.guns[m] = capped;
    }
    for (int t = 0; t < 3; ++t) c.turret_arcs[t] = spec.turret_arcs[t];
    if (!spec.belt_in && !spec.no_belt) {
        out.unknown.push_back("armour");
        step("Armour: unknown (no belt given)");
    } else if (spec.no_belt) {
        step("Armour: no iron armour, 0 stats");
    } else {
        double wood = spec.backing == ShipSpec::Backing::Given ? spec.backing_in
                      : spec.backing == ShipSpec::Backing::Unknown ? 6.0
                                                                   : 0.0;
        double effective = *spec.belt_in + wood / 10.0;
        int stats = round_up(effective);
        c.armour = std::min(stats, 7);
        step("Armour: " + fmt_num(std::round(*spec.belt_in * 100) / 100) + "\" iron" +
             (wood > 0 ? " + " + fmt_num(wood) + "\" wood / 10" + (spec.backing == ShipSpec::Backing::Unknown ? " (thickness unknown: 6\")" : "")
                       : std::string()) +
             " = " + fmt_num(std::round(effective * 1000) / 1000) + "\", rounds up to " +
             (stats > 7 ? std::to_string(stats) + ", capped at 7 stats" : counted(stats, "stat", "stats")));
    }
    if (!spec.knots) {
        out.unknown.push_back("prop");
        step("Propulsion: unknown (no speed given)");
    } else {
        int knots = round_up(*spec.knots);
        c.prop = std::min(knots, 20);
        step("Propulsion: " + fmt_num(*spec.knots) + " knots, " + (knots > 20 ? std::to_string(knots) + ", capped at 20 stats" : counted(knots, "stat", "stats")));
    }
    if (!spec.tons) {
        out.unknown.push_back("hull");
        step("Hull: unknown (no displacement given)");
    } else {
        int hull = std::min(round_up(*spec.tons / 1000.0), 12);
        std::string hull_step = "Hull: " + fmt_num(*spec.tons) + " tons, one per 1,000 tons or part: " + std::to_string(round_up(*spec.tons / 1000.0));
        if (round_up(*spec.tons / 1000.0) > 12) hull_step += ", capped at 12";
        if (spec.monitor) {
            hull_step += "; doubled for a monitor: " + std::to_string(hull * 2);
            hull = std::min(hull * 2, 12);
            if (hull == 12) hull_step += ", capped at 12";
        }
        c.hull = hull;
        step(hull_step + (hull == 1 ? " stat" : " stats"));
    }
    if (std::find(out.unknown.begin(), out.unknown.end(), "armour") == out.unknown.end())
        step(std::string("Class: ") + ship_class(c.armour));
    return out;
}

const char* ship_class(int initial_armour) {
    return initial_armour == 0 ? "wooden screw" : initial_armour <= 2 ? "tinclad" : "ironclad";
}

namespace {

// "01 02 03 ~~04 05 06 07 08 09 10~~": the stats remaining, then the others struck.
std::string stat_row(int total, int remaining) {
    std::string plain, struck;
    for (int i = 1; i <= total; ++i) {
        std::string& out = i <= remaining ? plain : struck;
        char buf[12];
        std::snprintf(buf, sizeof buf, "%02d", i);
        out += (out.empty() ? "" : " ") + std::string(buf);
    }
    if (struck.empty()) return plain;
    return plain + (plain.empty() ? "" : " ") + "~~" + struck + "~~";
}

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::string render_card(const CardView& v) {
    std::ostringstream os;
    os << "Name: " << upper(v.name) << "\n";
    if (v.spec && (!v.spec->nation.empty() || !v.spec->years.empty()))
        os << v.spec->nation << (v.spec->nation.empty() || v.spec->years.empty() ? "" : ", ") << v.spec->years << "\n";
    if (v.spec && !v.spec->sisters.empty()) {
        os << "Sister Ships: ";
        for (std::size_t i = 0; i < v.spec->sisters.size(); ++i) os << (i ? ", " : "") << upper(v.spec->sisters[i]);
        os << "\n";
    }
    os << "Guns:\n";
    for (int m = 0; m < kMounts; ++m) {
        os << mount_title(m) << ": " << stat_row(mount_cap(m), v.remaining.guns[m]);
        if (is_turret(m)) {
            const auto& arcs = v.initial.turret_arcs[m - FwdTurret];
            static const std::pair<ArcSet, const char*> names[] = {{kArcF, "Fwd"}, {kArcP, "Port"}, {kArcS, "Starboard"}, {kArcR, "Rear"}};
            os << " — ";
            for (std::size_t i = 0; i < 4; ++i) {
                bool agreed = arcs && (*arcs & names[i].first);
                os << (i ? "/" : "") << (arcs && !agreed ? "~~" : "") << names[i].second << (arcs && !agreed ? "~~" : "");
            }
            if (!arcs && v.initial.guns[m] > 0) os << " (arcs not agreed)";
        }
        os << "\n";
    }
    os << "Armour: " << stat_row(7, v.remaining.armour) << "\n";
    os << "Propulsion: " << stat_row(20, v.remaining.prop) << "\n";
    os << "Hull: " << stat_row(12, v.remaining.hull) << "\n";
    os << "Current Speed:";
    for (std::size_t i = 0; i < v.speeds.size(); ++i) {
        bool last = i + 1 == v.speeds.size();
        os << " " << (last ? "" : "~~") << v.speeds[i] << (last ? "" : "~~");
    }
    os << "\nHits:" << (v.hits.empty() ? "" : " " + v.hits) << "\n";
    os << "Notes: " << ship_class(v.initial.armour);
    for (const auto& n : v.notes) os << "; " << n;
    os << "\n";
    return os.str();
}

}  // namespace ironlog::rules::ironclads
