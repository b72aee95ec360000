// "Did you mean": the name index gives what a comparison with every name gives.
#include "check/spelling.hpp"
#include "check/symbols.hpp"
#include "notation/parser.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

// The nearest by comparing with every name: the smallest distance within limit, then the first added.
std::string every_name(const std::vector<std::string>& names, std::string_view word, std::size_t limit) {
    std::string best;
    std::size_t best_d = limit + 1;
    for (const auto& n : names)
        if (const std::size_t d = ironlog::edit_distance(word, n); d < best_d) best_d = d, best = n;
    return best;
}

}  // namespace

TEST(Spelling, EditDistance) {
    EXPECT_EQ(ironlog::edit_distance("FM", "fm"), 0u);
    EXPECT_EQ(ironlog::edit_distance("Evnet", "Event"), 1u);  // a swap is one edit
    EXPECT_EQ(ironlog::edit_distance("Habsburg", "Habsbrug"), 1u);
    EXPECT_EQ(ironlog::edit_distance("Kaiser", "Kaisr"), 1u);
    EXPECT_EQ(ironlog::edit_distance("", "abc"), 3u);
    EXPECT_EQ(ironlog::edit_distance_within("Affondatore", "Ancona", 2), 3u);  // more than the bound: bound + 1
    EXPECT_EQ(ironlog::edit_distance_within("Affondatore", "Afondatore", 2), 1u);
}

// Random names from a small alphabet, so that many are near one another and ties are common;
// words one, two and three edits away, in any case.
TEST(Spelling, TheIndexFindsWhatComparingWithEveryNameFinds) {
    std::mt19937 rng(20261125);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    for (int round = 0; round < 20; ++round) {
        std::vector<std::string> names;
        ironlog::NameIndex index;
        const int alphabet = 2 + round % 5;
        for (int i = 0; i < 300; ++i) {
            std::string n(static_cast<std::size_t>(1 + pick(round % 2 ? 20 : 9)), 'a');  // some past kTwoOut
            for (auto& c : n) c = static_cast<char>('a' + pick(alphabet) + (pick(4) == 0 ? 'A' - 'a' : 0));
            names.push_back(n);
            index.add(n);
        }
        for (int q = 0; q < 300; ++q) {
            std::string w = names[static_cast<std::size_t>(pick(300))];
            for (int e = pick(4); e > 0; --e) {
                const auto at = static_cast<std::size_t>(pick(static_cast<int>(w.size()) + 1));
                switch (pick(3)) {
                    case 0: w.insert(at, 1, static_cast<char>('a' + pick(alphabet + 1))); break;
                    case 1: if (at < w.size()) w.erase(at, 1); break;
                    default: if (at < w.size()) w[at] = static_cast<char>('a' + pick(alphabet + 1));
                }
            }
            const std::size_t limit = std::max<std::size_t>(2, w.size() / 3);
            ASSERT_EQ(index.nearest(w, limit), every_name(names, w, limit)) << "word '" << w << "', round " << round;
        }
    }
}

// A record's names: found by alias or name, past the few looked through one by one, and the
// first declared wins a tie.
TEST(Spelling, SymbolsFindAndSuggestAmongMany) {
    ironlog::Symbols symbols;
    std::string problem;
    for (int i = 0; i < 100; ++i) {
        ironlog::Entity e;
        e.alias = "S" + std::to_string(i);
        e.name = "Ship number " + std::to_string(i);
        ASSERT_NE(symbols.add(e, problem), nullptr);
    }
    ASSERT_NE(symbols.find("S42"), nullptr);
    EXPECT_EQ(symbols.find("Ship number 42")->alias, "S42");
    EXPECT_EQ(symbols.find("S100"), nullptr);
    ironlog::Entity twin;
    twin.alias = "S7";
    EXPECT_EQ(symbols.add(twin, problem), nullptr);
    EXPECT_NE(problem.find("already declared"), std::string::npos);
    EXPECT_EQ(symbols.suggest("Shp number 42"), "Ship number 42");
    EXPECT_EQ(symbols.suggest("S4x"), "S4");  // S4 and S40 ... S49 are all one edit: the first declared
    EXPECT_EQ(symbols.suggest(std::string(100000, 'S')), "");
}

// Sides are counted as they are added, from the tags or declared, and a side refused as a
// duplicate is not counted: side_count is sides().size() without building the list.
TEST(Spelling, SymbolsCountTheirSides) {
    ironlog::Symbols symbols;
    std::string problem;
    EXPECT_EQ(symbols.side_count(), 0u);
    symbols.add_side_from_tag("Austria", ngn::SourcePos{1, 1});
    ironlog::Entity italy;
    italy.kind = ngn::EntityKind::Side;
    italy.alias = "ITA";
    italy.name = "Italy";
    const ironlog::Entity* added = symbols.add(italy, problem);
    ASSERT_NE(added, nullptr);
    EXPECT_EQ(added->index, 1);
    ironlog::Entity ship;
    ship.alias = "FM";
    ASSERT_NE(symbols.add(ship, problem), nullptr);
    EXPECT_EQ(symbols.add(italy, problem), nullptr);  // declared twice: refused
    EXPECT_EQ(symbols.side_count(), 2u);
    EXPECT_EQ(symbols.side_count(), symbols.sides().size());
    EXPECT_EQ(symbols.side(1), added);
}

// A misspelt verb in a record of any ruleset: the engine's finding names the verb meant. The
// first line of a generated game whose verb has four letters or more (not a roll), one letter left out.
TEST(Spelling, AMisspeltVerbGetsDidYouMeanInEveryRuleset) {
    for (const char* ruleset : {"ironclads", "late19c", "eia-naval", "admiral", "tmbv"}) {
        std::string text = testing_util::generated_games(ruleset, 1, 20261128);
        const auto parsed = ngn::parse_text(text);
        ASSERT_EQ(parsed.games.size(), 1u);
        std::string verb;
        std::uint32_t line = 0;
        for (const ngn::Line& l : parsed.games[0].lines)
            if (const auto* e = l.as<ngn::Event>(); e && e->verb().size() >= 4 && e->verb() != "roll") {
                verb = e->verb();
                line = l.pos.line;
                break;
            }
        ASSERT_FALSE(verb.empty()) << ruleset;
        // the line's verb with its second letter left out
        std::size_t at = 0;
        for (std::uint32_t n = 1; n < line; ++n) at = text.find('\n', at) + 1;
        const std::size_t word = text.find(" " + verb, at) + 1;
        text.erase(word + 1, 1);
        const std::string misspelt = verb.substr(0, 1) + verb.substr(2);
        bool said = false;
        for (const auto& f : testing_util::problems_in(text, "games"))
            if (f.message.find("'" + misspelt + "'") != std::string::npos)
                said = f.message.find("did you mean '" + verb + "'?") != std::string::npos;
        EXPECT_TRUE(said) << ruleset << ": " << misspelt << " for " << verb;
    }
}
