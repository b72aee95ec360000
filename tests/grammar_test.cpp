// The notation layer: each grammar rule accepted and rejected, positions, the messages of
// common mistakes word for word, and input that must not crash, hang or eat memory.
#include "notation/parser.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <random>
#include <regex>
#include <sstream>

using namespace testing_util;

namespace {

// The dump of one line, or "ERROR col: message".
std::string read_line(const std::string& text) {
    auto r = ngn::parse_line(text, 1);
    if (r.error) return "ERROR " + std::to_string(r.error->pos.column) + ": " + r.error->message;
    ngn::Game g;
    g.lines.push_back(*r.line);
    std::string d = dump(g);
    if (!d.empty() && d.back() == '\n') d.pop_back();
    return d;
}

const ngn::Event& event_of(const ngn::LineResult& r) {
    static ngn::Event none;
    if (!r.line) return none;
    const auto* e = r.line->as<ngn::Event>();
    return e ? *e : none;
}

}  // namespace

TEST(Grammar, AnalysisFindsNoProblems) { EXPECT_EQ(ngn::analyze_grammar(), 0u); }

TEST(Grammar, RuleNamesMatchTheNormativeGrammar) {
    std::string peg = read_file(kSource / "grammar/ngn.peg");
    std::string hpp = read_file(kSource / "src/notation/grammar.hpp");
    std::set<std::string> peg_names, hpp_names;
    std::regex peg_rule(R"(^([a-z_]+)\s*<-)", std::regex::multiline);
    for (auto it = std::sregex_iterator(peg.begin(), peg.end(), peg_rule); it != std::sregex_iterator(); ++it)
        peg_names.insert((*it)[1]);
    std::regex hpp_rule(R"(^struct ([a-z_]+)\b)", std::regex::multiline);
    for (auto it = std::sregex_iterator(hpp.begin(), hpp.end(), hpp_rule); it != std::sregex_iterator(); ++it)
        if ((*it)[1] != "keyword") hpp_names.insert((*it)[1]);
    EXPECT_GT(peg_names.size(), 80u);
    EXPECT_EQ(peg_names, hpp_names);
}

// ---- tags ---------------------------------------------------------------------------------------

TEST(Grammar, TagAccepted) {
    EXPECT_EQ(read_line(R"([Event "Lissa refight"])"), "tag Event=Lissa refight");
    EXPECT_EQ(read_line(R"(  [ Site   "Club \"Ram\" \\ Trieste" ]  ; note)"), "tag Site=Club \"Ram\" \\ Trieste ; note");
    EXPECT_EQ(read_line(R"([Player_2 ""])"), "tag Player_2=");
}

TEST(Grammar, TagRejected) {
    EXPECT_EQ(read_line(R"([Event Lissa])"), "ERROR 8: expected the value of tag 'Event' in double quotes, found 'Lissa]'");
    EXPECT_EQ(read_line(R"([Event "Lissa")"), "ERROR 15: expected ']' to close the tag, found end of line");
    EXPECT_EQ(read_line(R"([ "Lissa"])"), "ERROR 3: expected a tag name after '[', found '\"Lissa\"]'");
    EXPECT_EQ(read_line(R"([Event "Lissa)"), "ERROR 8: this string is not closed: expected '\"' before the end of the line");
    EXPECT_EQ(read_line(R"([Event "a \x"])"), "ERROR 12: expected '\"' or '\\' after '\\' in a string, found 'x\"]'");
}

// ---- headings -------------------------------------------------------------------------------------

TEST(Grammar, HeadingsAccepted) {
    EXPECT_EQ(read_line("turn 3"), "heading turn 3");
    EXPECT_EQ(read_line("turn 1805-10"), "heading turn 1805-10");
    EXPECT_EQ(read_line("  phase firing ; the guns"), "heading phase firing ; the guns");
    EXPECT_EQ(read_line("segment 3A"), "heading segment 3A");
    EXPECT_EQ(read_line("segment battle @Lissa"), "heading segment battle area(Lissa,)");
    EXPECT_EQ(read_line("segment \"Great Britain\""), "heading segment Great Britain");
    EXPECT_EQ(read_line("impulse 12"), "heading impulse 12");
    EXPECT_EQ(read_line("step non-formation"), "heading step non-formation");
    EXPECT_EQ(read_line("phase 7.0"), "heading phase 7.0");
}

TEST(Grammar, HeadingsRejected) {
    EXPECT_EQ(read_line("turn"), "ERROR 5: expected a turn number after 'turn', found end of line");
    EXPECT_EQ(read_line("phase"), "ERROR 6: expected a phase name after 'phase', found end of line");
    EXPECT_EQ(read_line("segment &"), "ERROR 9: expected a segment name after 'segment', found '&'");
    EXPECT_EQ(read_line("impulse"), "ERROR 8: expected an impulse number after 'impulse', found end of line");
    EXPECT_EQ(read_line("step ;x"), "ERROR 6: expected a step name after 'step', found ';x'");
    // A longer word is not a keyword: it is an event's actor.
    EXPECT_EQ(read_line("turnip roll d6: 3"), "event word(turnip) word(roll) dice(-d6: 3)");
    // So for every keyword's first letter, which the reader looks at before any keyword.
    for (const char* actor : {"phaser", "segments", "impish", "steps", "rulings", "sidecar", "shipyard", "units", "fleetwood",
                              "leaderless", "squadrons", "formations", "setups", "terrains"})
        EXPECT_EQ(read_line(std::string(actor) + " roll d6: 3"), "event word(" + std::string(actor) + ") word(roll) dice(-d6: 3)");
}

// ---- declarations and setup -------------------------------------------------------------------------

TEST(Grammar, DeclarationsAccepted) {
    EXPECT_EQ(read_line("side AUT \"Austria\""), "declare side word(AUT) full=text(Austria)");
    EXPECT_EQ(read_line("ship FM \"Erzherzog Ferdinand Max\" prop 13 at (20, 10.5, 90)"),
              "declare ship word(FM) full=text(Erzherzog Ferdinand Max) word(prop) number(13,,0,1) word(at) table(20,10.5,90.000000)");
    EXPECT_EQ(read_line("ship Kaiser"), "declare ship word(Kaiser)");
    EXPECT_EQ(read_line("ship \"Re d'Italia\""), "declare ship text(Re d'Italia)");
    EXPECT_EQ(read_line("ship D.J.de"), "declare ship word(D.J.de)");
    EXPECT_EQ(read_line("unit I1 infantry #0304/N"), "declare unit word(I1) word(infantry) hex(,0304,N)");
    EXPECT_EQ(read_line("fleet Main @Pola/port"), "declare fleet word(Main) area(Pola,port)");
    EXPECT_EQ(read_line("leader NELSON"), "declare leader word(NELSON)");
    EXPECT_EQ(read_line("squadron S1 FM,HB"), "declare squadron word(S1) list(word(FM);word(HB);)");
    EXPECT_EQ(read_line("formation W1 wedge"), "declare formation word(W1) word(wedge)");
}

TEST(Grammar, DeclarationsRejected) {
    EXPECT_EQ(read_line("ship"), "ERROR 5: expected a name or alias after 'ship', found end of line");
    EXPECT_EQ(read_line("fleet &x"), "ERROR 7: expected a name or alias after 'fleet', found '&x'");
    EXPECT_EQ(read_line("setup"), "ERROR 6: expected the name or alias of what is set up after 'setup', found end of line");
}

TEST(Grammar, SetupAccepted) {
    EXPECT_EQ(read_line("setup FM speed 8 lost prop 3"),
              "setup word(FM) word(speed) number(8,,0,1) word(lost) word(prop) number(3,,0,1)");
}

// ---- rulings -----------------------------------------------------------------------------------------

TEST(Grammar, RulingsAccepted) {
    EXPECT_EQ(read_line("ruling \"allowed\""), "ruling \"allowed\"");
    EXPECT_EQ(read_line("ruling tmbv 7.3.3 \"the counter was knocked\""), "ruling tmbv 7.3.3 \"the counter was knocked\"");
    EXPECT_EQ(read_line("ruling ironclads Firing/Armour-saves \"x\" ; umpire J."), "ruling ironclads Firing/Armour-saves \"x\" ; umpire J.");
}

TEST(Grammar, RulingsRejected) {
    EXPECT_EQ(read_line("ruling"), "ERROR 7: expected the ruling's text in double quotes after 'ruling', found end of line");
    EXPECT_EQ(read_line("ruling tmbv 7.3"), "ERROR 13: expected the ruling's text in double quotes after 'ruling', found '7.3'");
}

// ---- events and items ------------------------------------------------------------------------------

TEST(Grammar, EventItems) {
    EXPECT_EQ(read_line("FM move 8cm turn -3 speed +1 12.5kn 20% 90° 1C"),
              "event word(FM) word(move) number(8,cm,0,1) word(turn) number(-3,,1,1) word(speed) number(1,,1,1) "
              "number(12.5,kn,0,0) number(20,%,0,1) number(90,°,0,1) number(1,C,0,1)");
    EXPECT_EQ(read_line("\"Re d'Italia\" sinks"), "event text(Re d'Italia) word(sinks)");
    EXPECT_EQ(read_line("Tegetthoff signals \"ram everything grey\""), "event word(Tegetthoff) word(signals) text(ram everything grey)");
    EXPECT_EQ(read_line("FM at 7.3.3 1866-07 3x4"), "event word(FM) word(at) word(7.3.3) word(1866-07) word(3x4)");
}

TEST(Grammar, Positions) {
    EXPECT_EQ(read_line("FM to (20,10)"), "event word(FM) word(to) table(20,10,-)");
    EXPECT_EQ(read_line("FM to ( -2.5 , 10 , 270 )"), "event word(FM) word(to) table(-2.5,10,270.000000)");
    EXPECT_EQ(read_line("I1 to #0304 #B:0304 #0304/NE #B:12/3"),
              "event word(I1) word(to) hex(,0304,) hex(B,0304,) hex(,0304,NE) hex(B,12,3)");
    EXPECT_EQ(read_line("Main to @Lissa @Ancona/port @\"North Sea\"/blockade @\"To the Mediterranean\""),
              "event word(Main) word(to) area(Lissa,) area(Ancona,port) area(North Sea,blockade) area(To the Mediterranean,)");
}

TEST(Grammar, PositionsRejected) {
    EXPECT_EQ(read_line("FM to (20 10)"), "ERROR 11: expected ',' after the x coordinate, found '10)'");
    EXPECT_EQ(read_line("FM to (x, 10)"), "ERROR 8: expected the x coordinate in cm after '(', found 'x,'");
    EXPECT_EQ(read_line("FM to (20, )"), "ERROR 12: expected the y coordinate in cm after ',', found ')'");
    EXPECT_EQ(read_line("FM to (20, 10, )"), "ERROR 16: expected a heading in degrees after ',', found ')'");
    EXPECT_EQ(read_line("FM to (20, 10"), "ERROR 14: expected ')' to close the position, found end of line");
    EXPECT_EQ(read_line("I1 to #"), "ERROR 8: expected a hex id (letters and digits) after '#', found end of line");
    EXPECT_EQ(read_line("I1 to #0304/"), "ERROR 13: expected a facing after '/', found end of line");
    EXPECT_EQ(read_line("Main to @"), "ERROR 10: expected an area name after '@', found end of line");
    EXPECT_EQ(read_line("Main to @Ancona/"), "ERROR 17: expected a box name after '/', found end of line");
}

TEST(Grammar, Dice) {
    EXPECT_EQ(read_line("FM fire 6d6: 1 4 5 2 3 3"), "event word(FM) word(fire) dice(6d6: 1 4 5 2 3 3)");
    EXPECT_EQ(read_line("Italy roll d10: 0"), "event word(Italy) word(roll) dice(-d10: 0)");
    EXPECT_EQ(read_line("GB roll D6:2 +1(British) +1(NELSON) = 4"),
              "event word(GB) word(roll) dice(-d6: 2 mod1[British] mod1[NELSON] =4)");
    EXPECT_EQ(read_line("X roll 2d6: 1 1 -3 = -1"), "event word(X) word(roll) dice(2d6: 1 1 mod-3[] =-1)");
    EXPECT_EQ(read_line("X roll d12: 12 => hit"), "event word(X) word(roll) dice(-d12: 12) => word(hit)");
    EXPECT_EQ(read_line("X roll d6: 3 d6: 4"), "event word(X) word(roll) dice(-d6: 3) dice(-d6: 4)");
    // more faces than the count: the reader keeps them all, the checker counts them
    EXPECT_EQ(read_line("X roll 2d6: 1 2 3"), "event word(X) word(roll) dice(2d6: 1 2 3)");
}

TEST(Grammar, DiceRejected) {
    EXPECT_EQ(read_line("A roll d10: x"), "ERROR 13: expected a die face 0-9 after 'd10:', found 'x'");
    EXPECT_EQ(read_line("A roll 2d6: a b"), "ERROR 13: expected a die face 1-6 after '2d6:', found 'a'");
    EXPECT_EQ(read_line("A roll 2d6 3 4"), "ERROR 11: expected ':' after '2d6', found a space");
    EXPECT_EQ(read_line("A roll d6:"), "ERROR 11: expected a die face 1-6 after 'd6:', found end of line");
    EXPECT_EQ(read_line("A roll d6: 3 ="), "ERROR 15: expected the total (a whole number) after '=', found end of line");
    EXPECT_EQ(read_line("A roll d6: 3 +1(NELSON = 4"), "ERROR 27: expected ')' to close the modifier's label, found end of line");
    EXPECT_EQ(read_line("A roll d6: 4x"), "ERROR 12: expected a die face 1-6 after 'd6:', found '4x'");
}

TEST(Grammar, ClaimsNotesListsComments) {
    EXPECT_EQ(read_line("FM fire RdI 6d6: 5 6 1 1 1 1 => 2H {a good salvo} {second note} ; comment"),
              "event word(FM) word(fire) word(RdI) dice(6d6: 5 6 1 1 1 1) => number(2,H,0,1) {a good salvo} {second note} ; comment");
    EXPECT_EQ(read_line("FM move 8 => (28, 10, 90) speed 8"),
              "event word(FM) word(move) number(8,,0,1) => table(28,10,90.000000) word(speed) number(8,,0,1)");
    EXPECT_EQ(read_line("Austria formation FM,HB , KM => FM,HB"),
              "event word(Austria) word(formation) list(word(FM);word(HB);word(KM);) => list(word(FM);word(HB);)");
    EXPECT_EQ(read_line("FM note {a ; not a comment}"), "event word(FM) word(note) {a ; not a comment}");
    EXPECT_EQ(read_line("; only a comment"), "comment ; only a comment");
    EXPECT_EQ(read_line("   "), "");
}

TEST(Grammar, CommonMistakes) {
    EXPECT_EQ(read_line("FM fire & RdI"), "ERROR 9: expected an argument, '=>', a note, a comment or the end of the line, found '&'");
    EXPECT_EQ(read_line("FM fire => "), "ERROR 12: expected the claimed result after '=>', found end of line");
    EXPECT_EQ(read_line("FM move 8 {no end"), "ERROR 11: this note is not closed: expected '}' before the end of the line");
    EXPECT_EQ(read_line("FM says \"hello"), "ERROR 9: this string is not closed: expected '\"' before the end of the line");
    EXPECT_EQ(read_line("FM screen FM,"), "ERROR 14: expected a list element after ',', found end of line");
    EXPECT_EQ(read_line("=> rough"), "ERROR 1: expected an argument, '=>', a note, a comment or the end of the line, found '=>'");
    EXPECT_EQ(read_line("FM move 8}"), "ERROR 10: expected an argument, '=>', a note, a comment or the end of the line, found '}'");
}

TEST(Grammar, ItemPositions) {
    auto r = ngn::parse_line("  FM fire port RdI 33cm 6d6: 1 4 => 1H {n}", 7);
    ASSERT_TRUE(r.line);
    EXPECT_EQ(r.line->pos, (ngn::SourcePos{7, 3}));
    const auto& e = event_of(r);
    EXPECT_EQ(e.subject.pos, (ngn::SourcePos{7, 3}));
    ASSERT_EQ(e.args.size(), 5u);
    EXPECT_EQ(e.args[0].pos, (ngn::SourcePos{7, 6}));
    EXPECT_EQ(e.args[3].pos, (ngn::SourcePos{7, 20}));
    const auto* d = e.args[4].as<ngn::Dice>();
    ASSERT_TRUE(d);
    EXPECT_EQ(e.args[4].pos, (ngn::SourcePos{7, 25}));
    EXPECT_EQ(d->faces[0].pos, (ngn::SourcePos{7, 30}));
    EXPECT_EQ(d->faces[1].pos, (ngn::SourcePos{7, 32}));
    EXPECT_EQ(e.claim_pos, (ngn::SourcePos{7, 34}));
    ASSERT_TRUE(e.claim);
    EXPECT_EQ((*e.claim)[0].pos, (ngn::SourcePos{7, 37}));
    EXPECT_EQ(e.notes[0].pos, (ngn::SourcePos{7, 40}));
}

TEST(Grammar, ColumnsCountCharactersNotBytes) {
    std::string text = "[Ruleset \"ironclads\"]\nsé roll d6: x\n";
    auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 1u);
    ASSERT_EQ(parsed.games[0].errors.size(), 1u);
    const auto& e = parsed.games[0].errors[0];
    EXPECT_EQ(e.pos.column, 14u);  // bytes
    ngn::SourceText source("x.ngn", text);
    EXPECT_EQ(source.display_column(e.pos), 13u);  // characters
}

// ---- files and games -----------------------------------------------------------------------------------

TEST(Reader, GroupsLinesIntoGames) {
    std::string text =
        "; before everything\n"
        "[Event \"one\"]\n"
        "\n"
        "; between tags\n"
        "[Ruleset \"ironclads\"]\n"
        "\n"
        "side A\n"
        "; introduces game two\n"
        "[Event \"two\"]\n"
        "[Ruleset \"tmbv\"]\n"
        "side B\n"
        "; the end\n";
    auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 2u);
    EXPECT_EQ(parsed.error_count(), 0u);
    EXPECT_EQ(parsed.games[0].first_line, 1u);
    EXPECT_EQ(parsed.games[0].tag("Event")->value, "one");
    EXPECT_EQ(dump(parsed.games[0]),
              "tag Event=one\ntag Ruleset=ironclads\ncomment ; before everything\ncomment ; between tags\ndeclare side word(A)\n");
    EXPECT_EQ(parsed.games[1].first_line, 8u);
    EXPECT_EQ(dump(parsed.games[1]), "tag Event=two\ntag Ruleset=tmbv\ncomment ; introduces game two\ndeclare side word(B)\ncomment ; the end\n");
    EXPECT_TRUE(ngn::matches_file_rule(text));
}

TEST(Reader, ReportsEveryErrorAndKeepsGoing) {
    std::string text =
        "[Ruleset \"ironclads\"]\n"
        "A roll d10: x\n"
        "A roll d6: 3\n"
        "ship\n"
        "[Event Lissa]\n"
        "A roll 2d6 3 4\n";
    auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 2u);
    ASSERT_EQ(parsed.games[0].errors.size(), 2u);
    EXPECT_EQ(parsed.games[0].errors[0].pos, (ngn::SourcePos{2, 13}));
    EXPECT_EQ(parsed.games[0].errors[1].pos, (ngn::SourcePos{4, 5}));
    ASSERT_EQ(parsed.games[1].errors.size(), 2u);
    EXPECT_EQ(parsed.games[1].errors[0].pos.line, 5u);
    EXPECT_EQ(parsed.games[1].errors[1].pos.line, 6u);
    EXPECT_EQ(parsed.games[0].lines.size(), 2u);  // the good lines are kept
    EXPECT_FALSE(ngn::matches_file_rule(text));
}

// The benchmark's floor: each item, name, note and comment noted once, line by line.
TEST(Reader, CountItemSpansNotesEachItemOnce) {
    // tag: name + value = 2; side line: keyword + name + full name = 3; event: subject, fire,
    // port, R1, 33cm, dice spec, 2 faces, arrow, 1H, note, comment = 12
    EXPECT_EQ(ngn::count_item_spans("[Ruleset \"ironclads\"]\r\n"
                                    "side B \"Blue\"\n"
                                    "B1 fire port R1 33cm 2d6: 4 5 => 1H {close} ; good\n"),
              17u);
    EXPECT_EQ(ngn::count_item_spans("B1 fire port R1 6d6: x\n"), std::nullopt);  // a line that does not match
    EXPECT_EQ(ngn::count_item_spans(""), 0u);  // no line, no span
    EXPECT_EQ(ngn::count_item_spans("\n  ; a comment\n"), 1u);  // lines that match, with a comment noted
}

// A line's items and their text are views of the memory the game holds (its RecordStore): they
// must stay whole after the stream's window lets the game's lines go and after the game is moved,
// quoted names unescaped, lists and throws with their elements and faces.
TEST(Reader, ItemsTextOutlivesTheWindowAndMovesWithTheGame) {
    std::string text = "[Ruleset \"eia-naval\"]\n";
    for (int i = 0; i < 400; ++i)  // more lines than a first block of the store holds
        text += "F" + std::to_string(i) + " move @\"North \\\"Sea\\\"\"/blockade #B:0304/NE (30, 40.5) 12.5kn "
                "\"Le \\\\ Redoutable\" 2d6: 3 4 +1(NELSON) A,\"B b\" => 1H,2C\n";
    text += "[Ruleset \"eia-naval\"]\nG move @Adriatic\n";
    std::istringstream in(text);
    ngn::LineWindow window;
    std::vector<ngn::Game> games;
    ngn::read_games(in, window, [&](ngn::Game&& g) {
        window.release_through(g.last_line);  // the window's bytes go: the items must not need them
        games.push_back(std::move(g));
    });
    games.shrink_to_fit();  // moves each game again
    ASSERT_EQ(games.size(), 2u);
    ASSERT_EQ(games[0].lines.size(), 401u);
    for (int i = 0; i < 400; ++i) {
        const auto* e = games[0].lines[static_cast<std::size_t>(i) + 1].as<ngn::Event>();
        ASSERT_TRUE(e) << i;
        EXPECT_EQ(dump(e->subject), "word(F" + std::to_string(i) + ")");
        ASSERT_EQ(e->args.size(), 8u);
        EXPECT_EQ(dump(e->args[1]), "area(North \"Sea\",blockade)");
        EXPECT_EQ(dump(e->args[2]), "hex(B,0304,NE)");
        EXPECT_EQ(e->args[3].as<ngn::TablePos>()->text, "(30, 40.5)");
        EXPECT_EQ(e->args[4].as<ngn::Number>()->text, "12.5kn");
        EXPECT_EQ(e->args[4].as<ngn::Number>()->unit, "kn");
        EXPECT_EQ(dump(e->args[5]), "text(Le \\ Redoutable)");
        EXPECT_EQ(dump(e->args[6]), "dice(2d6: 3 4 mod1[NELSON])");
        EXPECT_EQ(dump(e->args[7]), "list(word(A);text(B b);)");
        ASSERT_TRUE(e->claim);
        ASSERT_EQ(e->claim->size(), 1u);
        EXPECT_EQ(dump(e->claim->front()), "list(number(1,H,0,1);number(2,C,0,1);)");
    }
    EXPECT_EQ(dump(games[1].lines[1].as<ngn::Event>()->args[1]), "area(Adriatic,)");
    EXPECT_GT(games[0].store.bytes_held(), 400u * 60u);  // the lines are in the game's own store
}

// A line's own text (a tag's name and value, a heading's label, notes, comments, a ruling's
// citation and text) is held by the game too. Comment lines before a game are read before the
// game exists, and those that close a game move to the next one: each must end up held by the
// game it belongs to, whole after the window and the game before are let go.
TEST(Reader, LinesTextOutlivesTheWindowAndMovesWithTheGame) {
    std::string text = "; before any game, \"one\"\n;  two\n\n";
    for (int g = 0; g < 3; ++g) {
        text += "[Event \"Cup \\\"" + std::to_string(g) + "\\\"\"]  ; a tag's comment\n[Ruleset \"tmbv\"]\n";
        for (int i = 0; i < 150; ++i)  // more than a first block of the store holds
            text += "turn \"T \\\"" + std::to_string(i) + "\\\"\"\n"
                    "ship S" + std::to_string(i) + " \"Ship " + std::to_string(i) + "\" {note " + std::to_string(i) + "} {two}\n"
                    "ruling tmbv 7.3.3 \"the \\\"umpire\\\" allows it\" ; said at the table\n";
        text += "; closing " + std::to_string(g) + ", which introduces the next game\n";
    }
    std::istringstream in(text);
    ngn::LineWindow window;
    std::vector<ngn::Game> games;
    const ngn::FileErrors outside = ngn::read_games(in, window, [&](ngn::Game&& g) {
        window.release_through(g.last_line);  // the window's bytes go: the lines must not need them
        games.push_back(std::move(g));
    });
    games.shrink_to_fit();  // moves each game again
    EXPECT_TRUE(outside.errors.empty());
    ASSERT_EQ(games.size(), 3u);
    for (std::size_t g = 0; g < 3; ++g) {
        const auto& lines = games[g].lines;
        // the comment lines before it (two before the first game, the closing one of the game
        // before), two tags, the body, and the last game's closing comment
        ASSERT_EQ(lines.size(), (g == 1 ? 1u : 2u) + 2u + 450u) << g;
        EXPECT_EQ(lines[0].comment->text, g == 0 ? std::string(" before any game, \"one\"") : " closing " + std::to_string(g - 1) + ", which introduces the next game");
        if (g == 0) {
            EXPECT_EQ(lines[1].comment->text, "  two");
        }
        const auto* tag = lines[g == 0 ? 2 : 1].as<ngn::Tag>();
        ASSERT_TRUE(tag) << g;
        EXPECT_EQ(tag->name, "Event");
        EXPECT_EQ(tag->value, "Cup \"" + std::to_string(g) + "\"");
        EXPECT_EQ(lines[g == 0 ? 2 : 1].comment->text, " a tag's comment");
        const std::size_t body = g == 0 ? 4 : 3;
        for (std::size_t i = 0; i < 150; ++i) {
            const auto* h = lines[body + 3 * i].as<ngn::Heading>();
            ASSERT_TRUE(h) << g << " " << i;
            EXPECT_EQ(h->label, "T \"" + std::to_string(i) + "\"");
            const auto* d = lines[body + 3 * i + 1].as<ngn::Declaration>();
            ASSERT_TRUE(d);
            ASSERT_EQ(d->notes.size(), 2u);
            EXPECT_EQ(d->notes[0].text, "note " + std::to_string(i));
            EXPECT_EQ(d->notes[1].text, "two");
            const auto* r = lines[body + 3 * i + 2].as<ngn::Ruling>();
            ASSERT_TRUE(r);
            ASSERT_EQ(r->citation.size(), 2u);
            EXPECT_EQ(r->citation[0], "tmbv");
            EXPECT_EQ(r->citation[1], "7.3.3");
            EXPECT_EQ(r->text, "the \"umpire\" allows it");
            EXPECT_EQ(lines[body + 3 * i + 2].comment->text, " said at the table");
        }
    }
    // the last game's closing comment stays its own: no game follows
    EXPECT_EQ(games[2].lines.back().comment->text, " closing 2, which introduces the next game");
}

// Comment lines in a file that holds no game are handed over with the store their text is in.
TEST(Reader, CommentsOfAFileWithNoGameAreHeldWithThem) {
    std::string text;
    for (int i = 0; i < 300; ++i) text += "; comment " + std::to_string(i) + " of a file with no game yet\n";
    std::istringstream in(text);
    ngn::LineWindow window;
    ngn::FileErrors outside = ngn::read_games(in, window, [](ngn::Game&&) {});
    window.release_through(window.last());
    const ngn::FileErrors moved = std::move(outside);
    ASSERT_EQ(moved.orphan_comments.size(), 300u);
    for (int i = 0; i < 300; ++i)
        EXPECT_EQ(moved.orphan_comments[static_cast<std::size_t>(i)].comment->text, " comment " + std::to_string(i) + " of a file with no game yet");
    EXPECT_GT(moved.orphan_store.bytes_held(), 300u * 30u);
}

// A game too long to read lets its lines go as they come: their text is not held either.
TEST(Reader, AGameTooLongHoldsNoTextOfTheLinesLetGo) {
    std::string text = "[Ruleset \"ironclads\"]\n";
    while (text.size() < (std::size_t{1} << 20)) text += "FM fire port RdI 33cm 6d6: 1 4 5 2 3 3 => 1C 1H\n";
    ngn::ParseOptions o;
    o.max_game_bytes = 16 << 10;
    auto parsed = ngn::parse_text(text, o);
    ASSERT_EQ(parsed.games.size(), 1u);
    ASSERT_EQ(parsed.games[0].lines.size(), 1u);  // its tag, whole
    EXPECT_EQ(parsed.games[0].lines[0].as<ngn::Tag>()->value, "ironclads");
    // what it holds is what the lines up to the limit took, not what the whole game would take
    const auto whole = ngn::parse_text(text, ngn::ParseOptions{0, 0});
    ASSERT_EQ(whole.games.size(), 1u);
    EXPECT_LT(parsed.games[0].store.bytes_held() * 20, whole.games[0].store.bytes_held());
}

TEST(RecordStore, KeepsWhatItHoldsWhereItIsAsItGrowsAndMoves) {
    ngn::RecordStore store;
    EXPECT_TRUE(store.keep("").empty());
    EXPECT_EQ(store.bytes_held(), 0u);  // nothing allocated for nothing
    std::vector<std::pair<std::string, std::string_view>> kept;
    for (int i = 0; i < 5000; ++i) {
        std::string s = "piece " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 97), 'x');
        kept.emplace_back(s, store.keep(s));
    }
    const std::string big(std::size_t{300} << 10, 'b');  // larger than any block
    const std::string_view big_kept = store.keep(big);
    ngn::RecordStore moved = std::move(store);
    for (const auto& [s, v] : kept) ASSERT_EQ(v, s);
    EXPECT_EQ(big_kept, big);
    char* room = static_cast<char*>(moved.room(3));
    room[0] = 'a', room[1] = 'b', room[2] = 'c';
    EXPECT_EQ(std::string_view(room, 3), "abc");
    EXPECT_EQ(kept.front().second, "piece 0");
    // values after an odd number of bytes: aligned, and equal to what was kept
    const std::vector<double> values = {1.5, -2.25, 1e300};
    const std::span<const double> held = moved.keep(std::span<const double>(values));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(held.data()) % alignof(double), 0u);
    EXPECT_TRUE(std::equal(held.begin(), held.end(), values.begin(), values.end()));
    EXPECT_TRUE(moved.keep(std::span<const double>()).empty());
}

TEST(Reader, BodyBeforeAnyTagIsAnError) {
    auto parsed = ngn::parse_text("FM move 8\n[Ruleset \"ironclads\"]\n");
    ASSERT_EQ(parsed.file_errors.errors.size(), 1u);
    EXPECT_EQ(parsed.file_errors.errors[0].message, "expected a tag pair such as [Ruleset \"ironclads\"] to begin a game");
    EXPECT_EQ(parsed.games.size(), 1u);
}

TEST(Reader, StopsAfterMaxErrors) {
    std::string text = "[Ruleset \"ironclads\"]\n";
    for (int i = 0; i < 50; ++i) text += "A roll d6: x\n";
    ngn::ParseOptions o;
    o.max_errors = 10;
    ngn::FileErrors fe = ngn::read_games(text, [](ngn::Game&&) {}, o);
    EXPECT_TRUE(fe.truncated);
    auto all = ngn::parse_text(text, ngn::ParseOptions{0});
    EXPECT_EQ(all.error_count(), 50u);
}

// ---- hostile input -------------------------------------------------------------------------------------

TEST(Robustness, EmptyAndBlankFiles) {
    for (std::string text : {"", "\n", "   \n\t\n", "\r\n"}) {
        auto parsed = ngn::parse_text(text);
        EXPECT_EQ(parsed.games.size(), 0u);
        EXPECT_EQ(parsed.error_count(), 0u);
        auto report = check(text);
        ASSERT_EQ(report.findings.size(), 1u);
        EXPECT_EQ(report.findings[0].message, "no game in this file: a game begins with tag pairs such as [Ruleset \"ironclads\"]");
    }
}

TEST(Robustness, BinaryJunk) {
    std::mt19937 rng(12345);
    std::string junk(1 << 20, '\0');
    for (auto& c : junk) c = static_cast<char>(rng() & 0xFF);
    auto parsed = ngn::parse_text(junk);  // default limit: 100 errors
    EXPECT_LE(parsed.error_count(), 100u);
    auto all = ngn::parse_text(junk, ngn::ParseOptions{0});
    EXPECT_GT(all.error_count(), 100u);
    auto report = check(junk);
    EXPECT_FALSE(report.findings.empty());
}

TEST(Robustness, NulAndControlCharacters) {
    EXPECT_EQ(read_line(std::string("FM move\0 8", 10)), "ERROR 8: unexpected control character \\x00");
    EXPECT_EQ(read_line("FM move\r8"), "ERROR 8: unexpected control character \\x0d");
}

// Lines are checked a block of bytes at a time: each byte that is not allowed is found wherever
// it falls in a 34-byte line (two blocks and an overlapping last one), and tabs (allowed) and
// printable bytes pass.
TEST(Robustness, EveryBadByteFoundAtEveryPlace) {
    for (std::size_t at = 0; at < 24; ++at) {
        for (int bad : {0x00, 0x01, 0x0d, 0x1f, 0x7f}) {
            std::string text = "FM says \"" + std::string(24, 'a') + "\"";
            text[9 + at] = static_cast<char>(bad);
            auto r = ngn::parse_line(text, 1);
            ASSERT_TRUE(r.error) << at << " " << bad;
            EXPECT_EQ(r.error->pos.column, 10 + at) << at << " " << bad;
            EXPECT_EQ(r.error->message.rfind("unexpected control character", 0), 0u) << r.error->message;
        }
        std::string with_tab = "FM says \"" + std::string(24, '~') + "\"";
        with_tab[9 + at] = '\t';
        EXPECT_FALSE(ngn::parse_line(with_tab, 1).error) << at;
        std::string high = "FM says \"" + std::string(24, ' ') + "\"";
        high[9 + at] = '\xC3';  // a lone lead byte: the UTF-8 check is reached from any place
        auto r = ngn::parse_line(high, 1);
        ASSERT_TRUE(r.error) << at;
        EXPECT_EQ(r.error->pos.column, 10 + at);
    }
}

// Lines are checked sixteen bytes at a time, the last sixteen (or eight) overlapping those
// before: every length up to three blocks, every place in it, a control character or a byte that
// is not UTF-8 found there and a tab passed there (a comment line takes any byte the check lets by).
TEST(Robustness, EveryBadByteFoundInLinesOfEveryLength) {
    for (std::size_t length = 2; length <= 49; ++length) {
        for (std::size_t at = 1; at < length; ++at) {
            std::string text = ";" + std::string(length - 1, 'a');  // a comment line: any printable byte reads
            text[at] = '\x01';
            auto r = ngn::parse_line(text, 1);
            ASSERT_TRUE(r.error) << length << " " << at;
            EXPECT_EQ(r.error->pos.column, at + 1) << length << " " << at;
            text[at] = '\x7f';
            ASSERT_TRUE(ngn::parse_line(text, 1).error) << length << " " << at;
            text[at] = '\xC3';  // a lone lead byte, which a comment would take were it not seen
            r = ngn::parse_line(text, 1);
            ASSERT_TRUE(r.error) << length << " " << at;
            EXPECT_EQ(r.error->pos.column, at + 1) << length << " " << at;
            EXPECT_EQ(r.error->message.rfind("invalid UTF-8", 0), 0u) << r.error->message;
            text[at] = '\t';
            EXPECT_FALSE(ngn::parse_line(text, 1).error) << length << " " << at;
        }
    }
}

// A line's first column is found eight bytes at a time: blanks of every length, spaces and tabs.
TEST(Grammar, FirstColumnAfterBlanksOfEveryLength) {
    for (std::size_t blanks = 0; blanks <= 20; ++blanks) {
        for (const char* rest : {"FM roll d6: 3", "x", ";", ""}) {
            std::string indent;
            for (std::size_t i = 0; i < blanks; ++i) indent += i % 3 == 1 ? '\t' : ' ';
            auto r = ngn::parse_line(indent + rest, 7);
            ASSERT_FALSE(r.error) << blanks << " " << rest;
            const bool blank = *rest == '\0' || *rest == ';';  // a blank or comment line: column 1
            const std::uint32_t expected = blank ? 1 : static_cast<std::uint32_t>(blanks + 1);
            EXPECT_EQ(r.line->pos.column, expected) << blanks << " " << rest;
        }
    }
}

// Whole numbers are read by their own quick conversion: the values match the general one's.
TEST(Grammar, NumberValues) {
    auto value = [](const std::string& word) {
        auto r = ngn::parse_line("FM roll " + word, 1);
        const auto& e = event_of(r);
        const auto* n = e.args.size() > 1 ? e.args[1].as<ngn::Number>() : nullptr;
        return n ? n->value : -12345.0;
    };
    EXPECT_EQ(value("7"), 7.0);
    EXPECT_EQ(value("+3"), 3.0);
    EXPECT_EQ(value("-12cm"), -12.0);
    EXPECT_EQ(value("0042"), 42.0);
    EXPECT_EQ(value("00000000000000000000000042"), 42.0);  // leading zeros are not digits that count
    EXPECT_EQ(value("0000000000000000000000000"), 0.0);
    EXPECT_EQ(value("1000000000000000000"), 1e18);  // 19 significant digits: read as a double
    EXPECT_TRUE(std::signbit(value("-0")));  // as the double conversion reads it
    EXPECT_EQ(value("999999999999999999"), 999999999999999999.0);    // 18 digits: the integer way
    EXPECT_EQ(value("12345678901234567890"), 12345678901234567890.0);  // 20: read as a double
    EXPECT_EQ(value("-12345678901234567890kn"), -12345678901234567890.0);
    EXPECT_EQ(value("2.5"), 2.5);
}

// Dice faces, counts, sides, modifiers and totals are summed from their digits in place: leading
// zeros read as nothing, and a value past INT_MAX reads as INT_MAX (then out of range).
TEST(Grammar, DiceNumbersAtTheEdges) {
    auto r = ngn::parse_line("FM roll 0012d06: 0 007 2147483647 2147483648 000000000000009 99999999999999999999 +0003 -12 = -0042", 1);
    ASSERT_FALSE(r.error) << r.error->message;
    const auto& e = event_of(r);
    ASSERT_EQ(e.args.size(), 2u);
    const auto* d = e.args[1].as<ngn::Dice>();
    ASSERT_TRUE(d);
    EXPECT_EQ(d->count, 12);
    EXPECT_EQ(d->sides, 6);
    std::vector<int> faces;
    for (const auto& f : d->faces) faces.push_back(f.value);
    EXPECT_EQ(faces, (std::vector<int>{0, 7, INT_MAX, INT_MAX, 9, INT_MAX}));
    ASSERT_EQ(d->modifiers.size(), 2u);
    EXPECT_EQ(d->modifiers[0].value, 3);
    EXPECT_EQ(d->modifiers[1].value, -12);
    EXPECT_EQ(d->total, -42);
}

TEST(Robustness, InvalidUtf8) {
    std::string text = "[Ruleset \"ironclads\"]\nFM says \"caf\xC3\"\nFM move 8\nFM \xF0\x28\x8C\x28\n";
    auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 1u);
    ASSERT_EQ(parsed.games[0].errors.size(), 2u);
    EXPECT_EQ(parsed.games[0].errors[0].pos, (ngn::SourcePos{2, 13}));
    EXPECT_EQ(parsed.games[0].errors[0].message,
              "invalid UTF-8: byte \\xc3 does not begin a valid character (save the file as UTF-8)");
    EXPECT_EQ(parsed.games[0].errors[1].pos, (ngn::SourcePos{4, 4}));
    // overlong encodings and surrogates are not valid either
    EXPECT_NE(ngn::find_invalid_utf8("\xC0\xAF"), std::string_view::npos);
    EXPECT_NE(ngn::find_invalid_utf8("\xED\xA0\x80"), std::string_view::npos);
    EXPECT_EQ(ngn::find_invalid_utf8("Tegetthoff \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x9A\xA2"), std::string_view::npos);
}

TEST(Robustness, CrlfReadsLikeLf) {
    std::string lf = "[Event \"x\"]\n[Ruleset \"ironclads\"]\n\nside A\nturn 1\n  phase movement ; c\n";
    std::string crlf = std::regex_replace(lf, std::regex("\n"), "\r\n");
    auto a = ngn::parse_text(lf), b = ngn::parse_text(crlf);
    ASSERT_EQ(a.games.size(), 1u);
    ASSERT_EQ(b.games.size(), 1u);
    EXPECT_EQ(b.error_count(), 0u);
    EXPECT_EQ(dump(a.games[0]), dump(b.games[0]));
    EXPECT_EQ(a.games[0].lines.back().pos, b.games[0].lines.back().pos);
    EXPECT_TRUE(ngn::matches_file_rule(crlf));
}

TEST(Robustness, ByteOrderMark) {
    std::string text = "\xEF\xBB\xBF[Ruleset \"ironclads\"]\nA roll d6: x\n";
    auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 1u);
    EXPECT_EQ(parsed.games[0].tag("Ruleset")->value, "ironclads");
    ngn::SourceText source("x", text);
    EXPECT_EQ(source.line(1), "[Ruleset \"ironclads\"]");
}

TEST(Robustness, TenMegabyteLine) {
    std::string text = "[Ruleset \"ironclads\"]\n" + std::string(10u << 20, 'a') + "\n";
    auto parsed = ngn::parse_text(text);
    ASSERT_EQ(parsed.games.size(), 1u);
    ASSERT_EQ(parsed.games[0].errors.size(), 1u);
    EXPECT_EQ(parsed.games[0].errors[0].message, "this line is 10485760 bytes long; an NGN line holds at most 262144 bytes");
    // and a long line of many items is refused the same way, before it is read
    std::string items = "[Ruleset \"ironclads\"]\nFM";
    while (items.size() < (11u << 20)) items += " a";
    EXPECT_EQ(ngn::parse_text(items).error_count(), 1u);
}

TEST(Robustness, DeepNesting) {
    for (char open : {'(', '[', '{', '"', '#', '@'}) {
        std::string text = "[Ruleset \"ironclads\"]\nFM x " + std::string(200000, open) + "\n";
        auto parsed = ngn::parse_text(text, ngn::ParseOptions{0});
        EXPECT_EQ(parsed.error_count(), 1u) << open;
    }
    std::string nested = "[Ruleset \"ironclads\"]\n";
    for (int i = 0; i < 1000; ++i) nested += "FM x " + std::string(static_cast<std::size_t>(i), '(') + "\n";
    EXPECT_EQ(ngn::parse_text(nested, ngn::ParseOptions{0}).error_count(), 999u);
}

TEST(Robustness, ManyShortLines) {
    std::string text = "[Ruleset \"ironclads\"]\n";
    for (int i = 0; i < 200000; ++i) text += "A roll d6: 3\n";
    ngn::ParseOptions unlimited;
    unlimited.max_game_bytes = 0;
    auto parsed = ngn::parse_text(text, unlimited);
    ASSERT_EQ(parsed.games.size(), 1u);
    EXPECT_EQ(parsed.games[0].lines.size(), 200001u);
}

// A game longer than max_game_bytes is handed over with no lines and one error, its lines let go
// from the window as they come; the next game is read as usual. Comments before any game past
// the limit give one error and are let go too.
TEST(Robustness, AGameTooLongIsNotRead) {
    std::string text = "; before\n[Ruleset \"ironclads\"]\n";
    for (int i = 0; i < 1000; ++i) text += "A roll d6: 3\n";  // 13,000 bytes
    text += "[Ruleset \"ironclads\"]\nA roll d6: 3\n";
    ngn::ParseOptions small;
    small.max_game_bytes = 4096;
    std::istringstream in(text);
    ngn::LineWindow window;
    std::vector<ngn::Game> games;
    std::size_t most_held = 0;
    ngn::read_games(
        in, window,
        [&](ngn::Game&& g) {
            if (games.empty()) most_held = window.bytes_held();  // the long game's lines were let go as they came
            games.push_back(std::move(g));
            window.release_through(games.back().last_line);
        },
        small);
    ASSERT_EQ(games.size(), 2u);
    ASSERT_EQ(games[0].lines.size(), 1u);  // its tag, for its header; not the comment, not the body
    EXPECT_TRUE(games[0].lines[0].is<ngn::Tag>());
    ASSERT_EQ(games[0].errors.size(), 1u);
    EXPECT_EQ(games[0].errors[0].pos.line, 1u);
    EXPECT_NE(games[0].errors[0].message.find("more than 4096 bytes long, the limit (--max-game-size): it is not read"), std::string::npos);
    EXPECT_EQ(games[0].last_line, 1002u);
    EXPECT_TRUE(games[1].errors.empty());
    EXPECT_EQ(games[1].lines.size(), 2u);
    EXPECT_LT(most_held, 100u);

    std::string comments;
    for (int i = 0; i < 1000; ++i) comments += "; a comment line\n";
    auto only = ngn::parse_text(comments + "[Ruleset \"ironclads\"]\nA roll d6: 3\n", small);
    ASSERT_EQ(only.file_errors.errors.size(), 1u);
    EXPECT_NE(only.file_errors.errors[0].message.find("the comment lines from here are more than 4096 bytes"), std::string::npos);
    ASSERT_EQ(only.games.size(), 1u);
    EXPECT_TRUE(only.games[0].errors.empty());
}

// ---- reading a stream a block at a time ------------------------------------------------------

namespace {

struct StreamRead {
    std::vector<std::string> games;  // each game's dump, errors and line span
    std::vector<std::string> raw;    // each game's raw lines as the window held them
    std::string file_errors;
};

std::string describe_game(const ngn::Game& g) {
    std::string out = std::to_string(g.first_line) + "-" + std::to_string(g.last_line) + "\n" + dump(g);
    for (const auto& e : g.errors)
        out += "ERROR " + std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + " " + e.message + "\n";
    return out;
}

std::string describe_errors(const ngn::FileErrors& f) {
    std::string out = f.truncated ? "truncated\n" : "";
    for (const auto& e : f.errors)
        out += std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + " " + e.message + "\n";
    return out;
}

StreamRead read_as_stream(const std::string& text, const ngn::ParseOptions& options = {}) {
    StreamRead out;
    std::istringstream in(text);
    ngn::LineWindow window;
    auto errors = ngn::read_games(
        in, window,
        [&](ngn::Game&& g) {
            out.games.push_back(describe_game(g));
            out.raw.emplace_back(window.raw_lines(g.first_line, g.last_line));
            window.release_through(g.last_line);
        },
        options);
    out.file_errors = describe_errors(errors);
    return out;
}

StreamRead read_as_text(const std::string& text, const ngn::ParseOptions& options = {}) {
    StreamRead out;
    ngn::SourceText source("x", text);
    auto errors = ngn::read_games(
        text,
        [&](ngn::Game&& g) {
            out.games.push_back(describe_game(g));
            out.raw.emplace_back(source.raw_lines(g.first_line, g.last_line));
        },
        options);
    out.file_errors = describe_errors(errors);
    return out;
}

// An overlong line is an error whose bytes past the limit are not kept: compare the raw text
// of the games only when every line is within the limit.
void expect_same_reading(const std::string& text, const ngn::ParseOptions& options = {}, bool same_raw = true) {
    auto a = read_as_text(text, options), b = read_as_stream(text, options);
    EXPECT_EQ(a.file_errors, b.file_errors);
    ASSERT_EQ(a.games.size(), b.games.size());
    for (std::size_t i = 0; i < a.games.size(); ++i) {
        EXPECT_EQ(a.games[i], b.games[i]) << "game " << i + 1;
        if (same_raw) {
            EXPECT_EQ(a.raw[i], b.raw[i]) << "game " << i + 1;
        }
        EXPECT_LE(b.raw[i].size(), a.raw[i].size());
    }
}

std::string many_games(std::size_t bytes, const std::string& eol = "\n") {
    std::string text;
    for (int i = 1; text.size() < bytes; ++i) {
        text += "; game " + std::to_string(i) + eol + "[Event \"League\"]" + eol + "[Ruleset \"ironclads\"]" + eol + eol +
                "side A" + eol + "turn 1" + eol + "  phase movement" + eol + "A roll d6: " +
                std::to_string(i % 6 + 1) + eol + (i % 7 == 0 ? "FM x ((\n" : "") + eol;
    }
    return text;
}

}  // namespace

TEST(StreamReading, SameGamesAsReadingTheWholeText) {
    expect_same_reading("");
    expect_same_reading("\n\n");
    expect_same_reading("[Ruleset \"ironclads\"]");                  // no final newline
    expect_same_reading("[Ruleset \"ironclads\"]\r\nA roll d6: 3\r");  // CRLF, last line cut after its \r
    expect_same_reading("\xEF\xBB\xBF[Ruleset \"ironclads\"]\nA roll d6: 3\n");
    expect_same_reading("A roll d6: 3\n; a comment\n[Ruleset \"ironclads\"]\n");  // errors before the first game
    // games and lines across many 64 KiB blocks, with LF and CRLF
    expect_same_reading(many_games(300000));
    expect_same_reading(many_games(300000, "\r\n"));
    expect_same_reading(many_games(300000), ngn::ParseOptions{0});
    expect_same_reading(many_games(300000), ngn::ParseOptions{5});  // stops after max_errors
}

TEST(StreamReading, OverlongLinesAcrossBlocks) {
    const std::string head = "[Ruleset \"ironclads\"]\n";
    // exactly at the limit, one byte over, and far over (spanning many blocks), with either ending
    for (std::size_t n : {std::size_t{262144}, std::size_t{262145}, std::size_t{3u << 20}}) {
        const bool within = n <= 262144;
        expect_same_reading(head + "; " + std::string(n - 2, 'a') + "\nA roll d6: 3\n", {}, within);
        expect_same_reading(head + "; " + std::string(n - 2, 'a') + "\r\nA roll d6: 3\n", {}, within);
        expect_same_reading(head + "; " + std::string(n - 2, 'a'), {}, within);  // the last line
    }
    auto r = read_as_stream(head + std::string(3u << 20, 'a') + "\n");
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_NE(r.games[0].find("this line is 3145728 bytes long"), std::string::npos) << r.games[0];
}

TEST(StreamReading, WindowHoldsOnlyUnreleasedLines) {
    ngn::LineWindow w;
    w.push("one\n");
    w.push("two\r\n");
    w.push("three");
    EXPECT_EQ(w.last(), 3u);
    EXPECT_EQ(w.line(2), "two");
    EXPECT_EQ(w.line(3), "three");
    EXPECT_EQ(w.raw_lines(1, 3), "one\ntwo\r\nthree");
    w.release_through(1);
    EXPECT_EQ(w.line(1), "");
    EXPECT_EQ(w.raw_lines(1, 2), "");  // not all held
    EXPECT_EQ(w.raw_lines(2, 3), "two\r\nthree");
    // a long run of games keeps the window to what is unreleased
    for (std::uint32_t i = 4; i < 100000; ++i) {
        w.push("A roll d6: 3\n");
        w.release_through(i - 1);
    }
    EXPECT_EQ(w.line(99999), "A roll d6: 3");
    EXPECT_LT(w.bytes_held(), 100u);
}
