// The Player Aid Charts the rulebook text refers to and leaves out (weather, fire combat
// modifiers and results, ram, DIW start-up, damage effects), read from the table pack a record
// names in [Tables], and the TBB's at-start arrangement (7.2.2, a diagram the text lacks). The
// book's own numbers (7.6.4 visibility changes, 12.1 VP, 12.2 victory levels, 14.1 critical
// hits) are in the engine beside their case. Format: docs/rules/tmbv.md; a test pack with
// made-up values is fixtures/tables/tmbv-test-pack.ngn.
#pragma once

#include "check/finding.hpp"
#include "geometry/hex.hpp"
#include "notation/record.hpp"

#include <filesystem>
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ironlog::rules::tmbv {

// A row of a table read by a modified roll: from `low` to `high`; the first row also takes
// every roll below it and the last every roll above it.
struct Band {
    int low = 0, high = 0;
    bool holds(int v) const { return v >= low && v <= high; }
};

// A die roll modifier of a chart and when it applies. `what` is one of: range, visibility (a
// band of hexes), small, ironclad (the target), defence (per point of the target's defense
// factor), crew (A/B/C of the firer or rammer), rifled, weather, ram (single/double), diw; of a
// campaign fleet's roll: admiral (he sails with it), at-sea (in its area's At Sea box), low-fuel
// (a Low Fuel or Low Fuel and Ammo marker).
// What a modifier depends on, read once from its name (the replay asks at every roll).
enum class ModifierKind { Range, Visibility, Small, Ironclad, Defence, Crew, Rifled, Weather, Ram, Diw, Admiral, AtSea, LowFuel };

struct ChartModifier {
    std::string what;
    ModifierKind kind = ModifierKind::Range;
    std::string which;  // crew letter, weather name, ram kind; "" when none
    Band band;          // range and visibility bands
    int value = 0;
    ngn::SourcePos pos;
};

struct FireRow {
    Band rolls;
    int hits = 0;
};
struct RamRow {
    Band rolls;
    bool fails = false;
    int target_hits = 0, rammer_hits = 0;
};
struct StartRow {
    Band rolls;
    bool moves = false;
};
struct WeatherRow {
    Band rolls;
    std::string weather;  // lower case
};
// A row of the Random Events chart (5.2.2): what one of a side's markers does when carried out.
// A marker may have several rows; an effect the engine does not follow is kept as its words.
struct RandomEvent {
    std::string owner;   // "austria" or "italy": whose marker it is
    std::string marker;  // as the chart names it, lower case ("3", "garibaldi")
    enum class Effect { Fml, Vp, Words } effect = Effect::Words;
    std::string side;    // whose FML or VP changes: "austria" or "italy"
    int value = 0;       // the change
    std::string words;   // what the event does, for Words
};

// A marker as a chart or a draw names it: a number as written, a word or a quoted name, in lower case.
std::string marker_name(const ngn::Item& it);

struct DamageRow {
    int hits = 0;  // from this many hull boxes crossed off
    int ma = 0, cf = 0;
};

struct ManifestShip;
struct ManifestPort;
// A Bombardment Table row's value for one shot (9.2.2-9.2.6): a ship's at the port (an ironclad),
// or the port's battery at the ship (no crew, no rifled guns); 0 when the row does not apply.
int bombardment_modifier(const ChartModifier& c, const ManifestShip& ship, char crew, const ManifestPort& port, bool battery,
                         const std::string& weather);

class TablePack {
public:
    static TablePack load(const std::filesystem::path& path, const std::string& shown_name, Findings& findings);

    std::string source() const { return source_; }
    std::string file() const { return file_; }
    bool has_fire() const { return !fire_.empty(); }
    bool has_ram() const { return !ram_.empty(); }
    bool has_damage() const { return !damage_.empty(); }
    bool has_start() const { return !start_.empty(); }
    bool has_weather_table() const { return !weather_rows_.empty(); }
    bool has_random_events() const { return !events_.empty(); }
    // The chart's rows for one marker of a side ("austria", "3"); none when it has no such marker.
    std::vector<const RandomEvent*> random_event(const std::string& owner, const std::string& marker) const;
    const std::vector<RandomEvent>& random_events() const { return events_; }
    // A side's markers on the chart, for a message: "1, 2, 3".
    std::string markers_of(const std::string& owner) const;

    const std::vector<ChartModifier>& fire_modifiers() const { return fire_mods_; }
    const std::vector<ChartModifier>& ram_modifiers() const { return ram_mods_; }
    const std::vector<ChartModifier>& start_modifiers() const { return start_mods_; }
    // The Weather Damage Table's DRMs (11.1); has_weather_damage: the pack gives the table.
    const std::vector<ChartModifier>& weather_damage_modifiers() const { return weather_damage_mods_; }
    bool has_weather_damage() const { return weather_damage_given_; }
    // The Interception Table's DRMs (6.5.4); has_interception: the pack gives the table.
    const std::vector<ChartModifier>& interception_modifiers() const { return interception_mods_; }
    bool has_interception() const { return interception_given_; }
    // The Bombardment Table's DRMs (9.2.3) and its Results Table (9.2.4): hits for a modified roll.
    const std::vector<ChartModifier>& bombardment_modifiers() const { return bombardment_mods_; }
    bool has_bombardment_modifiers() const { return bombardment_given_; }
    bool has_bombardment_results() const { return !bombardment_.empty(); }
    std::optional<int> bombardment_hits(int modified_roll) const;
    std::optional<int> fire_hits(int modified_roll) const;
    const RamRow* ram(int modified_roll) const;
    std::optional<bool> starts(int modified_roll) const;
    // The Weather Table (5.1.2): the weather a roll gives; none without the table.
    std::optional<std::string> weather_for(int roll) const;
    // What damage does to a ship's MA and CF after `hits` hull boxes (the last row reached).
    DamageRow damage(int hits) const;
    // The weather's upper limit on visibility (7.6.5); none when the pack does not give it.
    std::optional<int> visibility_cap(const std::string& weather) const;
    std::optional<std::pair<int, int>> visibility_track() const { return track_; }
    // Where a board's hexes stand in one grid (7.2.2): its column and row offsets.
    std::optional<geometry::hex::Hex> board_offset(const std::string& board) const;
    // The same for a board letter A-F, without a string (looked up at every hex read)
    std::optional<geometry::hex::Hex> board_offset(char board) const {
        return board >= 'A' && board <= 'F' ? letters_[static_cast<std::size_t>(board - 'A')] : std::nullopt;
    }
    bool has_boards() const { return !boards_.empty(); }

private:
    std::vector<ChartModifier> fire_mods_, ram_mods_, start_mods_, weather_damage_mods_, interception_mods_, bombardment_mods_;
    bool weather_damage_given_ = false, interception_given_ = false, bombardment_given_ = false;
    std::vector<FireRow> fire_, bombardment_;
    std::vector<RamRow> ram_;
    std::vector<StartRow> start_;
    std::vector<WeatherRow> weather_rows_;
    std::vector<DamageRow> damage_;
    std::vector<RandomEvent> events_;
    std::map<std::string, int> caps_;  // weather (lower case) -> visibility limit
    std::optional<std::pair<int, int>> track_;
    std::map<std::string, geometry::hex::Hex> boards_;
    std::array<std::optional<geometry::hex::Hex>, 6> letters_;  // boards_ by letter
    std::string source_, file_;
    friend class PackReader;
};

}  // namespace ironlog::rules::tmbv
