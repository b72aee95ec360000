#include "rules/tmbv/tables.hpp"

#include "rules/tmbv/manifest.hpp"

#include "check/items.hpp"
#include "check/named_file.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"

#include <algorithm>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

namespace ironlog::rules::tmbv {

namespace {
const RuleRef kPack{"tmbv", "7.8.6", "Fire Combat Resolution"};
const char* kShape =
    "a table pack line is one of: source \"...\"; weather <name> <visibility limit>; visibility-track <lowest> <highest>; "
    "board <letter> <column offset> <row offset>; fire-modifier, ram-modifier or start-modifier <condition> <value>; "
    "fire-result <lowest> <highest> <hits>; ram-result <lowest> <highest> fail|<target hits> <rammer hits>; "
    "diw-start <lowest> <highest> moves|diw; weather-damage-modifier <condition> <value>; interception-modifier <condition> <value>; bombardment-modifier <condition> <value>; bombardment-result <lowest> <highest> <hits>; weather-roll <lowest> <highest> <weather>; damage <hits> ma <change> cf <change>; "
    "random-event <side> <marker> fml <side> <change>, vp <side> <change> or \"<what it does>\"";

std::optional<int> integer(ngn::Items a, std::size_t i) {
    if (i >= a.size()) return std::nullopt;
    const auto* n = a[i].as<ngn::Number>();
    if (!n || !n->is_integer || !n->unit.empty() || n->value < -99 || n->value > 99) return std::nullopt;
    return n->as_int();
}

std::optional<Band> band(ngn::Items a, std::size_t i) {
    auto lo = integer(a, i), hi = integer(a, i + 1);
    if (!lo || !hi || *lo > *hi) return std::nullopt;
    return Band{*lo, *hi};
}

template <class Row>
const Row* row_for(const std::vector<Row>& rows, int roll) {
    if (rows.empty()) return nullptr;
    if (roll < rows.front().rolls.low) return &rows.front();
    if (roll > rows.back().rolls.high) return &rows.back();
    for (const Row& r : rows)
        if (r.rolls.holds(roll)) return &r;
    return nullptr;
}

template <class Row>
void sort_rows(std::vector<Row>& rows) {
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.rolls.low < b.rolls.low; });
}
}  // namespace

// Reads the pack's lines one by one; each kind of line has its own reader.
class PackReader {
public:
    PackReader(TablePack& pack, std::function<void(ngn::SourcePos, std::string)> problem) : p_(pack), problem_(std::move(problem)) {}

    void line(const ngn::Event& e) {
        const std::string what = lower(reference_text(e.subject));
        const auto& a = e.args;
        bool ok = false;
        if (what == "source") ok = a.size() == 1 && a[0].is<ngn::Text>() && (p_.source_ = reference_text(a[0]), true);
        else if (what == "weather") ok = a.size() == 2 && word_text(a[0]) && integer(a, 1) && (p_.caps_[lower(*word_text(a[0]))] = *integer(a, 1), true);
        else if (what == "visibility-track") ok = a.size() == 2 && band(a, 0) && (p_.track_ = std::pair{*integer(a, 0), *integer(a, 1)}, true);
        else if (what == "board") ok = board(a);
        else if (what == "fire-modifier") ok = modifier(a, p_.fire_mods_, {"range", "visibility", "small", "ironclad", "defence", "crew", "rifled", "weather"});
        else if (what == "ram-modifier") ok = modifier(a, p_.ram_mods_, {"ram", "small", "ironclad", "crew", "weather", "diw"});
        else if (what == "start-modifier") ok = modifier(a, p_.start_mods_, {"crew"});
        else if (what == "weather-damage-modifier")
            ok = modifier(a, p_.weather_damage_mods_, {"weather", "small", "ironclad", "crew"}) && (p_.weather_damage_given_ = true);
        else if (what == "interception-modifier")
            ok = modifier(a, p_.interception_mods_, {"weather", "admiral", "at-sea", "low-fuel"}) && (p_.interception_given_ = true);
        else if (what == "bombardment-modifier")
            ok = modifier(a, p_.bombardment_mods_, {"small", "ironclad", "defence", "crew", "rifled", "weather"}) && (p_.bombardment_given_ = true);
        else if (what == "bombardment-result") ok = a.size() == 3 && band(a, 0) && integer(a, 2) && *integer(a, 2) >= 0 &&
                                                    (p_.bombardment_.push_back(FireRow{*band(a, 0), *integer(a, 2)}), true);
        else if (what == "fire-result") ok = a.size() == 3 && band(a, 0) && integer(a, 2) && *integer(a, 2) >= 0 &&
                                             (p_.fire_.push_back(FireRow{*band(a, 0), *integer(a, 2)}), true);
        else if (what == "ram-result") ok = ram(a);
        else if (what == "diw-start") ok = a.size() == 3 && band(a, 0) && (is_word(a[2], "moves") || is_word(a[2], "diw")) &&
                                           (p_.start_.push_back(StartRow{*band(a, 0), is_word(a[2], "moves")}), true);
        else if (what == "weather-roll") ok = a.size() == 3 && band(a, 0) && word_text(a[2]) &&
                                              (p_.weather_rows_.push_back(WeatherRow{*band(a, 0), lower(*word_text(a[2]))}), true);
        else if (what == "damage") ok = damage(a);
        else if (what == "random-event") ok = random_event(a);
        if (!ok) problem_(e.subject.pos, std::string(kShape) + "; not this");
    }

    void finish() {
        sort_rows(p_.fire_);
        sort_rows(p_.bombardment_);
        sort_rows(p_.ram_);
        sort_rows(p_.start_);
        sort_rows(p_.weather_rows_);
        std::sort(p_.damage_.begin(), p_.damage_.end(), [](const DamageRow& a, const DamageRow& b) { return a.hits < b.hits; });
        gaps(p_.fire_, "fire-result");
        gaps(p_.bombardment_, "bombardment-result");
        gaps(p_.ram_, "ram-result");
        gaps(p_.start_, "diw-start");
        gaps(p_.weather_rows_, "weather-roll");
        markers_per_side();
        if (p_.source_.empty()) problem_(ngn::SourcePos{1, 1}, "a table pack says where its values come from: source \"...\"");
    }

private:
    bool board(ngn::Items a) {
        if (a.size() != 3 || !word_text(a[0]) || !integer(a, 1) || !integer(a, 2)) return false;
        if (*integer(a, 1) % 2 != 0) {
            problem_(a[1].pos, "a board's column offset is even, so that its columns keep their half-hex shift");
            return true;
        }
        const std::string board(*word_text(a[0]));
        p_.boards_[board] = geometry::hex::Hex{*integer(a, 1), *integer(a, 2)};
        if (board.size() == 1 && board[0] >= 'A' && board[0] <= 'F') p_.letters_[static_cast<std::size_t>(board[0] - 'A')] = p_.boards_[board];
        return true;
    }

    // A modifier whose condition is one the engine knows for this table (so none is read and ignored).
    bool modifier(ngn::Items a, std::vector<ChartModifier>& into, std::initializer_list<std::string_view> known) {
        if (a.empty() || !word_text(a[0])) return false;
        ChartModifier m;
        m.what = lower(*word_text(a[0]));
        if (std::find(known.begin(), known.end(), m.what) == known.end()) return false;
        static const std::map<std::string, ModifierKind> kinds{
            {"range", ModifierKind::Range},   {"visibility", ModifierKind::Visibility}, {"small", ModifierKind::Small},
            {"ironclad", ModifierKind::Ironclad}, {"defence", ModifierKind::Defence}, {"crew", ModifierKind::Crew},
            {"rifled", ModifierKind::Rifled}, {"weather", ModifierKind::Weather},       {"ram", ModifierKind::Ram},
            {"diw", ModifierKind::Diw},       {"admiral", ModifierKind::Admiral},       {"at-sea", ModifierKind::AtSea},
            {"low-fuel", ModifierKind::LowFuel}};
        m.kind = kinds.at(m.what);
        m.pos = a[0].pos;
        std::size_t value_at = 1;
        if (m.what == "range" || m.what == "visibility") {
            if (!band(a, 1)) return false;
            m.band = *band(a, 1);
            value_at = 3;
        } else if (m.what == "crew" || m.what == "weather" || m.what == "ram") {
            if (a.size() < 2 || !word_text(a[1])) return false;
            m.which = lower(*word_text(a[1]));
            value_at = 2;
        } else if (m.what != "small" && m.what != "ironclad" && m.what != "defence" && m.what != "rifled" && m.what != "diw" &&
                   m.what != "admiral" && m.what != "at-sea" && m.what != "low-fuel") {
            return false;
        }
        if (a.size() != value_at + 1 || !integer(a, value_at)) return false;
        m.value = *integer(a, value_at);
        into.push_back(m);
        return true;
    }

    bool ram(ngn::Items a) {
        if (!band(a, 0)) return false;
        if (a.size() == 3 && is_word(a[2], "fail")) return p_.ram_.push_back(RamRow{*band(a, 0), true, 0, 0}), true;
        if (a.size() != 4 || !integer(a, 2) || !integer(a, 3) || *integer(a, 2) < 0 || *integer(a, 3) < 0) return false;
        p_.ram_.push_back(RamRow{*band(a, 0), false, *integer(a, 2), *integer(a, 3)});
        return true;
    }

    bool damage(ngn::Items a) {
        if (a.size() != 5 || !integer(a, 0) || *integer(a, 0) < 1 || !is_word(a[1], "ma") || !integer(a, 2) || !is_word(a[3], "cf") ||
            !integer(a, 4))
            return false;
        p_.damage_.push_back(DamageRow{*integer(a, 0), *integer(a, 2), *integer(a, 4)});
        return true;
    }

    // random-event Italy 3 fml Italy +1 | vp Austria 2 | "Turkish ships arrive"
    bool random_event(ngn::Items a) {
        const auto side = [&](std::size_t i) -> std::optional<std::string> {
            if (i >= a.size() || !word_text(a[i])) return std::nullopt;
            std::string w = lower(*word_text(a[i]));
            return w == "austria" || w == "italy" ? std::optional(w) : std::nullopt;
        };
        if (a.size() < 3 || !side(0)) return false;
        RandomEvent r;
        r.owner = *side(0);
        r.marker = marker_name(a[1]);
        if (r.marker.empty()) return false;
        if (a.size() == 3 && a[2].is<ngn::Text>()) {
            r.words = std::string(a[2].as<ngn::Text>()->text);
        } else if (a.size() == 5 && (is_word(a[2], "fml") || is_word(a[2], "vp")) && side(3) && integer(a, 4)) {
            r.effect = is_word(a[2], "fml") ? RandomEvent::Effect::Fml : RandomEvent::Effect::Vp;
            r.side = *side(3);
            r.value = *integer(a, 4);
        } else {
            return false;
        }
        p_.events_.push_back(std::move(r));
        return true;
    }

    // 5.2: each player has 6 random event markers.
    void markers_per_side() {
        for (const char* owner : {"austria", "italy"}) {
            std::set<std::string> markers;
            for (const RandomEvent& r : p_.events_)
                if (r.owner == owner) markers.insert(r.marker);
            if (markers.size() > 6)
                problem_(ngn::SourcePos{1, 1}, std::string("the random-event rows give ") + (owner[0] == 'a' ? "Austria " : "Italy ") +
                                                   std::to_string(markers.size()) + " markers: each player has 6 (5.2)");
        }
    }

    template <class Row>
    void gaps(const std::vector<Row>& rows, const char* name) {
        for (std::size_t i = 1; i < rows.size(); ++i)
            if (rows[i].rolls.low != rows[i - 1].rolls.high + 1)
                problem_(ngn::SourcePos{1, 1}, std::string("the ") + name + " rows leave a gap or overlap between " +
                                                   std::to_string(rows[i - 1].rolls.high) + " and " + std::to_string(rows[i].rolls.low));
    }

    TablePack& p_;
    std::function<void(ngn::SourcePos, std::string)> problem_;
};

TablePack TablePack::load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings) {
    TablePack pack;
    pack.file_ = shown_name;
    const std::string text = ironlog::read_named_file(path).value_or("");  // the header said why, if not read
    PackReader reader(pack, [&](ngn::SourcePos pos, std::string message) {
        findings.error(Kind::Inconsistent, kPack, pos, std::move(message)).file = shown_name;
    });
    ngn::for_each_line(text, [&](ngn::LineResult&& r) {
        if (r.error) {
            findings.error(Kind::Syntax, kPack, r.error->pos, r.error->message).file = shown_name;
        } else if (const auto* e = r.line ? r.line->as<ngn::Event>() : nullptr) {
            reader.line(*e);
        } else if (r.line && !r.line->is<ngn::Blank>()) {
            findings.error(Kind::Inconsistent, kPack, r.line->pos, kShape).file = shown_name;
        }
    });
    reader.finish();
    return pack;
}

// A marker as a chart or a draw names it: a number, a word or a quoted name, in lower case.
std::string marker_name(const ngn::Item& it) {
    if (const auto* n = it.as<ngn::Number>()) return std::string(n->text);
    if (const auto* w = word_text(it)) return lower(*w);
    if (const auto* t = it.as<ngn::Text>()) return lower(t->text);
    return "";
}

std::vector<const RandomEvent*> TablePack::random_event(const std::string& owner, const std::string& marker) const {
    std::vector<const RandomEvent*> rows;
    for (const RandomEvent& r : events_)
        if (r.owner == owner && r.marker == marker) rows.push_back(&r);
    return rows;
}

std::string TablePack::markers_of(const std::string& owner) const {
    std::vector<std::string> seen;
    for (const RandomEvent& r : events_)
        if (r.owner == owner && std::find(seen.begin(), seen.end(), r.marker) == seen.end()) seen.push_back(r.marker);
    std::string out;
    for (const std::string& m : seen) out += (out.empty() ? "" : ", ") + m;
    return out.empty() ? "none" : out;
}

std::optional<int> TablePack::fire_hits(int roll) const {
    const FireRow* r = row_for(fire_, roll);
    return r ? std::optional<int>(r->hits) : std::nullopt;
}

int bombardment_modifier(const ChartModifier& c, const ManifestShip& m, char crew, const ManifestPort& port, bool battery, const std::string& weather) {
    switch (c.kind) {
        case ModifierKind::Small: return battery && m.small ? c.value : 0;
        case ModifierKind::Ironclad: return !battery || m.ironclad ? c.value : 0;
        case ModifierKind::Defence: return c.value * (battery ? m.defence : port.defence);
        case ModifierKind::Crew:
            return !battery && c.which.size() == 1 && std::toupper(static_cast<unsigned char>(c.which[0])) == crew ? c.value : 0;
        case ModifierKind::Rifled: return !battery && m.rifled ? c.value : 0;
        case ModifierKind::Weather: return c.which == weather ? c.value : 0;
        default: return 0;  // not a bombardment modifier (the pack reader refuses it)
    }
}

std::optional<int> TablePack::bombardment_hits(int roll) const {
    const FireRow* r = row_for(bombardment_, roll);
    return r ? std::optional<int>(r->hits) : std::nullopt;
}

const RamRow* TablePack::ram(int roll) const { return row_for(ram_, roll); }

std::optional<bool> TablePack::starts(int roll) const {
    const StartRow* r = row_for(start_, roll);
    return r ? std::optional<bool>(r->moves) : std::nullopt;
}

std::optional<std::string> TablePack::weather_for(int roll) const {
    const WeatherRow* r = row_for(weather_rows_, roll);
    return r ? std::optional<std::string>(r->weather) : std::nullopt;
}

DamageRow TablePack::damage(int hits) const {
    DamageRow out;
    for (const DamageRow& d : damage_)
        if (hits >= d.hits) out = d;
    return out;
}

std::optional<int> TablePack::visibility_cap(const std::string& weather) const {
    auto it = caps_.find(lower(weather));
    return it == caps_.end() ? std::nullopt : std::optional<int>(it->second);
}

std::optional<geometry::hex::Hex> TablePack::board_offset(const std::string& board) const {
    auto it = boards_.find(board);
    return it == boards_.end() ? std::nullopt : std::optional<geometry::hex::Hex>(it->second);
}

}  // namespace ironlog::rules::tmbv
