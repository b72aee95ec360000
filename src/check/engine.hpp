// The interface a ruleset's rule engine implements. The replay hands it the record line by
// line, after the common checks (declarations, dice, sequence of play) have been made. An
// engine keeps its own game state, replays each event as played, and reports findings; it
// knows nothing of files, SQLite or the command line.
#pragma once

#include "check/finding.hpp"
#include "check/header.hpp"
#include "check/ruleset.hpp"
#include "check/scene.hpp"
#include "check/sequence.hpp"
#include "check/symbols.hpp"
#include "notation/record.hpp"

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ironlog {

// What an engine sees of the game being replayed.
struct GameContext {
    const ngn::Game& game;
    const RulesetInfo& ruleset;
    const HeaderInfo& header;
    Symbols& symbols;
    Findings& findings;
    const Cursor& cursor;
    // False while the event being replayed has dice too broken to read (already reported):
    // the engine then applies what the players claimed without judging the roll.
    bool dice_ok = true;
    // The cases lines were judged under, counted when the check asks (CheckOptions::count_cases,
    // for the test that generated play reaches every enforced case); null otherwise.
    std::map<std::string, std::size_t>* cases = nullptr;
    // The record is a game still being played (CheckOptions::in_progress): finish() is not called,
    // and a look ahead past the last line written finds "not yet", not "never".
    bool in_progress = false;
    // An engine calls this where it judges a line under a case, legal or not.
    void judged(const RuleRef& rule) const {
        if (cases) ++(*cases)[rule.id()];
    }
};

class Engine {
public:
    virtual ~Engine() = default;

    // A copy of the engine's state, so that a replay can go on from a turn or phase boundary
    // without replaying what came before (a session re-checking a record being written). The copy
    // shares nothing it will change with this engine; pointers into the record's lines and to
    // the declared entities stay as they are (the replay keeps both alive and unchanged). None
    // when the engine cannot copy itself (then the game is replayed from its start).
    virtual std::unique_ptr<Engine> clone() const { return nullptr; }

    // The header has been read; nothing else yet.
    virtual void begin(GameContext&) {}
    virtual void declaration(const ngn::Declaration&, const Entity&, GameContext&) {}
    virtual void setup(const ngn::Setup&, const Entity&, GameContext&) {}
    // A terrain line of the map (its kind is one the ruleset declares), before play.
    virtual void terrain(const ngn::Terrain&, GameContext&) {}
    // A heading, after the sequence tracker has moved the cursor to it.
    virtual void heading(const ngn::Heading&, GameContext&) {}
    // An event; actor is the declared ship, unit, side ... that acts (never null).
    virtual void event(const ngn::Event&, const Entity& /*actor*/, GameContext&) {}
    // The end of the record (or of the replay, for `ironlog state --at`).
    virtual void finish(GameContext&) {}
    // The replayed state in a form a player recognises (for `ironlog state`).
    virtual void describe(std::ostream&, const GameContext&) const {}
    // Whether describe() gives where each piece is (then the generic view, which can only
    // take the last position written in a line, leaves it out).
    virtual bool describes_positions() const { return false; }
    // What to draw of the replayed state (for `ironlog state --svg`): the playing area and the
    // pieces, from the engine's own model; none when the engine cannot draw. The replay adds
    // the sides, the title and the line of the last act.
    virtual std::optional<Scene> scene(const GameContext&) const { return std::nullopt; }
    // The distance between two pieces as the ruleset measures it (a fire's range), from their
    // places in the replayed state; none where either has no place or the engine has no measure.
    // The verbs an event of this ruleset may be written with (its action table's words), for
    // completion in an editor and the recorder; none when the engine has no table.
    virtual std::vector<std::string_view> verbs() const { return {}; }
    virtual std::optional<SceneMeasure> measure(const GameContext&, const Entity& /*from*/, const Entity& /*to*/) const {
        return std::nullopt;
    }
};

}  // namespace ironlog
