// A record that `check` passes archives, comes back byte for byte, and checks the same wherever it
// is exported to (issue 38): every fixture, generated games of every ruleset, and records of every
// empty or odd shape the notation allows.
#include "archive/archive.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

using namespace testing_util;
namespace fs = std::filesystem;

namespace {

// Every empty text the archive binds: a comment line that is only ';', an empty note, an empty
// quoted name, an empty tag value, an empty ruling.
const char* const kEmptyTexts =
    ";\n"
    "[NGN \"1\"]\n"
    "[Event \"Odd shapes\"]\n"
    "[Site \"\"]\n"
    "[Ruleset \"ironclads\"]\n"
    "[Side1 \"Austria\"]\n"
    "[Side2 \"Italy\"]\n"
    "[Result \"*\"]\n"
    ";\n"
    "\n"
    "side Austria {}\n"
    "ship FM \"Erzherzog Ferdinand Max\" port 4 stbd 4 armour 6 prop 13 hull 6 {}\n"
    "side Italy\n"
    "ship RdI \"\" port 14 stbd 14 armour 6 prop 12 hull 6\n"
    ";\n"
    "phase sea-state\n"
    "  Austria roll d6: 3 {}\n"
    "  Italy roll d6: 5 => calm ;\n"
    "ruling \"\"\n";

}  // namespace

// An empty text is text, not NULL: such a record used to fail with "NOT NULL constraint failed:
// note.text" and take its whole batch down.
TEST(ArchiveRoundTrip, EmptyTextsAreStoredAsText) {
    const fs::path dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    write_file(dir / "before.ngn", read_file(kSource / "fixtures/games/two-games.ngn"));
    write_file(dir / "odd.ngn", kEmptyTexts);
    auto added = run_ironlog({"archive", "--db", db, "add", (dir / "before.ngn").string(), (dir / "odd.ngn").string()});
    EXPECT_EQ(added.status, 0) << added.out << added.err;
    EXPECT_NE(added.out.find("3 archived, 0 already there, 0 refused"), std::string::npos) << added.out << added.err;
    auto shown = run_ironlog({"archive", "--db", db, "show", "3", "--text"});
    EXPECT_EQ(shown.out, kEmptyTexts);
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify"}).status, 0);
    sqlite::Database d(db, SQLITE_OPEN_READONLY);
    sqlite::Statement empties(d, "SELECT count(*) FROM note WHERE game_id = 3 AND text = ''");
    empties.step();
    EXPECT_EQ(empties.integer(0), 8);  // four comments, three notes, the ruling
    fs::remove_all(dir);
}
