// Replay::copy and Engine::clone: a replay copied at a turn or phase boundary and taken on from
// there reports exactly what the replay of the whole game reports, whatever happens to the
// replay it was copied from, for every engine that can copy its state. The session (check/
// session.hpp) restarts a changed game from such a copy.
#include "check/replay.hpp"
#include "rules/registry.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

namespace {

using namespace testing_util;

// The engines that copy their state (Engine::clone): for these, a copy must be made.
const std::set<std::string> kEnginesThatCopy = {"admiral", "ironclads", "late19c", "eia-naval", "tmbv"};

std::string everything(const ironlog::GameReport& r) {
    std::ostringstream os;
    os << describe(r.findings) << "events " << r.events << "\n";
    for (const auto& e : r.excused) os << "excused " << e.pos.line << ":" << e.pos.column << " " << e.what << " <- " << e.cause.line << "\n";
    for (const auto& [c, n] : r.cases) os << c << " " << n << "\n";
    return os.str();
}

// The places a replay may be copied at: each heading after the last declaration, set-up or
// terrain line (a copy shares the declared entities), at most `most` of them spread evenly.
std::vector<std::size_t> boundaries(const ngn::Game& game, std::size_t most) {
    std::size_t after = 0;
    for (std::size_t i = 0; i < game.lines.size(); ++i)
        if (game.lines[i].is<ngn::Declaration>() || game.lines[i].is<ngn::Setup>() || game.lines[i].is<ngn::Terrain>()) after = i + 1;
    std::vector<std::size_t> all;
    for (std::size_t i = after; i < game.lines.size(); ++i)
        if (game.lines[i].is<ngn::Heading>()) all.push_back(i);
    if (all.size() <= most) return all;
    std::vector<std::size_t> some;
    for (std::size_t k = 0; k < most; ++k) some.push_back(all[k * all.size() / most]);
    some.push_back(all.back());
    return some;
}

// Copies of the replay at each boundary, two at a time, the replay they were copied from
// destroyed before they go on: each reports what the whole replay reports. Returns the number
// of copies made.
std::size_t check_copies(const ngn::Game& game, const ironlog::CheckOptions& options, const std::string& where) {
    const std::string whole = everything(ironlog::check_game(game, 1, options));
    std::size_t made = 0;
    for (std::size_t at : boundaries(game, 12)) {
        auto original = std::make_unique<ironlog::Replay>(game, 1, options);
        if (!original->start()) return made;
        for (std::size_t i = 0; i < at; ++i) original->line(game.lines[i]);
        std::unique_ptr<ironlog::Replay> first = original->copy(), second = original->copy();
        if (!first) return made;
        original.reset();
        for (auto* copy : {first.get(), second.get()}) {
            for (std::size_t i = at; i < game.lines.size(); ++i) copy->line(game.lines[i]);
            copy->end();
            EXPECT_EQ(everything(copy->report()), whole) << where << ": copied before line " << game.lines[at].pos.line;
        }
        ++made;
    }
    return made;
}

TEST(ReplayCopy, GeneratedGamesOfEveryRuleset) {
    for (const char* ruleset : {"ironclads", "late19c", "eia-naval", "admiral", "tmbv"}) {
        const auto parsed = ngn::parse_text(generated_games(ruleset, scaled_for_sanitizers(4, 2), 20261128));
        ironlog::CheckOptions options(ironlog::all_rulesets(), kSource / "fixtures" / "games");
        options.count_cases = true;
        std::size_t made = 0;
        for (const auto& game : parsed.games) made += check_copies(game, options, ruleset);
        if (kEnginesThatCopy.count(ruleset)) EXPECT_GT(made, 0u) << ruleset << ": its engine made no copy";
        else EXPECT_EQ(made, 0u) << ruleset << " copies its state: add it to kEnginesThatCopy";
    }
}

TEST(ReplayCopy, EveryFixture) {
    for (const auto& f : ngn_files(kSource / "fixtures")) {
        const auto parsed = ngn::parse_text(read_file(f));
        ironlog::CheckOptions options(ironlog::all_rulesets(), f.parent_path());
        for (const auto& game : parsed.games) check_copies(game, options, f.string());
    }
}

// tmbv's campaign turn start (turn_start.cpp): the FMLs, the weather, last turn's initiative and
// a mistake's played value carried across a copy.
TEST(ReplayCopy, TmbvCampaignTurnStart) {
    const std::string text =
        "[NGN \"1\"]\n[Ruleset \"tmbv\"]\n[Variant \"campaign\"]\n[Side1 \"Austria\"]\n[Side2 \"Italy\"]\n"
        "[Tables \"../tables/tmbv-test-pack.ngn\"]\n[Library \"../tables/tmbv-lissa-test-manifest.ngn\"]\n\n"
        "turn 1\n  phase turn-start\n    segment random-event\n      Austria draw no-event\n      Italy draw event 2\n"
        "    segment initiative\n      Austria roll d10: 4 +6(FML) +2(Tegetthoff) = 12\n"
        "      Italy roll d10: 0 +2(FML) +0(Persano) = 2 => Italy\n  phase operations\n    impulse 1\n"
        "  phase victory\n    Italy fml 3\n"
        "turn 2\n  phase turn-start\n    segment weather\n      Austria roll d10: 6 => foul\n"
        "    segment random-event\n      Austria draw no-event\n"
        "    segment initiative\n      Austria roll d10: 1 +6(FML) +2(Tegetthoff) = 9\n"
        "      Italy roll d10: 9 +3(FML) +0(Persano) = 12 => Italy\n  phase operations\n    impulse 1\n"
        "turn 3\n  phase turn-start\n    segment weather\n      Italy roll d10: 1 => clear\n";
    const auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 1u);
    ironlog::CheckOptions options(ironlog::all_rulesets(), kSource / "fixtures" / "games");
    options.count_cases = true;
    EXPECT_GT(check_copies(parsed.games[0], options, "campaign"), 5u);
    EXPECT_GE(ironlog::check_game(parsed.games[0], 1, options).count(ironlog::Severity::Error), 4u);
}

}  // namespace
