// A record that `check` passes archives, comes back byte for byte, and checks the same wherever it
// is exported to (issue 38): every fixture, generated games of every ruleset, and records of every
// empty or odd shape the notation allows.
#include "archive/archive.hpp"
#include "archive_util.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>

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

namespace {

using json = nlohmann::json;

// A game as `check --format json` gives it: where it lies and what was found, each finding
// written so that it compares equal wherever the record stands: its line and every "line N" of
// its message counted from the game's first line, and the files it names by their names.
struct Checked {
    std::uint32_t first_line = 0, last_line = 0;
    bool syntax = false;
    std::vector<std::string> findings;
};

std::string relative_lines(std::string text, std::uint32_t first) {
    static const std::regex line_number("line (\\d+)");
    std::string out;
    auto begin = std::sregex_iterator(text.begin(), text.end(), line_number);
    std::size_t at = 0;
    for (auto m = begin; m != std::sregex_iterator(); ++m) {
        out += text.substr(at, static_cast<std::size_t>(m->position()) - at);
        out += "line +" + std::to_string(std::stoll((*m)[1]) - static_cast<long long>(first));
        at = static_cast<std::size_t>(m->position() + m->length());
    }
    return out + text.substr(at);
}

std::string file_names(std::string text) {
    static const std::regex looked_for("\\(looked for [^)]*/([^/)]*)\\)");
    static const std::regex read_at("'[^']*/([^/']*)' \\(([^)]*/)?([^/)]*)\\)");
    text = std::regex_replace(text, looked_for, "(looked for $1)");
    return std::regex_replace(text, read_at, "'$1' ($3)");
}

std::vector<Checked> check_json(const fs::path& file) {
    auto r = run_ironlog({"check", "--format", "json", file.string()});
    std::vector<Checked> out;
    const json report = json::parse(r.out, nullptr, false);
    if (report.is_discarded()) {
        ADD_FAILURE() << file << ": no JSON\n" << r.out << r.err;
        return out;
    }
    for (const auto& g : report["files"][0]["games"]) {
        Checked c;
        c.first_line = g["first_line"];
        c.last_line = g["last_line"];
        for (const auto& f : g["findings"]) {
            if (f["kind"] == "syntax") c.syntax = true;
            const std::uint32_t line = f["line"];
            const std::string file = f["file"].is_null() ? "" : fs::path(f["file"].get<std::string>()).filename().string();
            c.findings.push_back((file.empty() ? "+" + std::to_string(line - c.first_line) : file + ":" + std::to_string(line)) + ":" +
                                 std::to_string(f["column"].get<int>()) + " " + f["severity"].get<std::string>() + " " + f["kind"].get<std::string>() +
                                 " [" + (f["rule"].is_null() ? "" : f["rule"]["text"].get<std::string>()) + "] " +
                                 file_names(relative_lines(f["message"], c.first_line)) + " | " + f["expected"].dump() + " | " + f["recorded"].dump());
        }
        out.push_back(std::move(c));
    }
    return out;
}

// Lines first..last of a text (from 1), their line endings included; a byte-order mark is not
// part of any game.
std::string lines_of(const std::string& text, std::uint32_t first, std::uint32_t last) {
    std::size_t begin = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0, at = begin;
    std::uint32_t line = 1;
    for (; line < first && at < text.size(); ++line) at = text.find('\n', at) + 1;
    begin = at;
    for (; line <= last && at < text.size(); ++line) {
        const auto nl = text.find('\n', at);
        at = nl == std::string::npos ? text.size() : nl + 1;
    }
    return text.substr(begin, at - begin);
}

// One file through the archive: every game without a syntax error stored, its record shown
// back byte for byte, and the whole archive exported to another folder checks the same.
void round_trip(const fs::path& file, const fs::path& dir) {
    SCOPED_TRACE(file.string());
    const auto before = check_json(file);
    const std::string db = (dir / (file.stem().string() + ".db")).string();
    auto added = run_ironlog({"archive", "--db", db, "add", file.string()});
    ASSERT_NE(added.status, 2) << added.out << added.err;
    const std::string text = read_file(file);
    std::vector<const Checked*> stored;  // in the order they were stored
    {
        archive::Archive ar(db, archive::Mode::Read);
        const auto ids = ar.ids();
        std::size_t next = 0;
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (before[i].syntax) continue;
            const std::string said = "game " + std::to_string(i + 1) + " archived as #";
            if (added.out.find(said) == std::string::npos) continue;  // the same game earlier in the file
            ASSERT_LT(next, ids.size());
            EXPECT_EQ(ar.get(ids[next++])->record, lines_of(text, before[i].first_line, before[i].last_line)) << "game " << i + 1;
            stored.push_back(&before[i]);
        }
        EXPECT_EQ(next, ids.size());
    }
    fs::create_directories(dir / "elsewhere" / "deeper");
    const fs::path out = dir / "elsewhere" / "deeper" / file.filename();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "export", "-o", out.string()}).status, 0);
    const auto after = check_json(out);
    ASSERT_EQ(after.size(), stored.size());
    for (std::size_t i = 0; i < stored.size(); ++i) EXPECT_EQ(after[i].findings, stored[i]->findings) << "game " << i + 1 << " of the export";
    EXPECT_EQ(run_ironlog({"archive", "--db", db, "verify"}).status, 0);
    // added back, every game is recognised as the one stored
    auto again = run_ironlog({"archive", "--db", db, "add", out.string()});
    EXPECT_NE(again.out.find("0 archived, " + std::to_string(stored.size()) + " already there"), std::string::npos) << again.out;
}

}  // namespace

// Every fixture: check -> archive add -> show --text byte for byte -> export to another folder ->
// check gives the same findings (the records' [Library], [Map], [Tables] rewritten to the files
// they were checked with).
TEST(ArchiveRoundTrip, EveryFixture) {
    const fs::path dir = temp_dir();
    for (const char* folder : {"fixtures/games", "fixtures/errors", "fixtures/audit", "fixtures/ships", "fixtures/maps", "fixtures/tables"})
        for (const auto& file : ngn_files(folder)) round_trip(file, dir);
    fs::remove_all(dir);
}

// Odd shapes: the empty texts, a byte-order mark with CRLF, tabs, a line as long as a line may be.
TEST(ArchiveRoundTrip, OddShapes) {
    const fs::path dir = temp_dir();
    std::string crlf;
    for (char c : std::string(kEmptyTexts)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    std::string tabs = kEmptyTexts;
    for (std::size_t at = 0; (at = tabs.find("\n  ", at)) != std::string::npos;) tabs.replace(at, 3, "\n\t\t");
    const std::string longest = std::string(kEmptyTexts) + "; " + std::string(256 * 1024 - 3, 'x') + "\n";
    const std::pair<const char*, std::string> shapes[] = {
        {"empty.ngn", kEmptyTexts}, {"bom-crlf.ngn", "\xEF\xBB\xBF" + crlf}, {"tabs.ngn", tabs}, {"longest.ngn", longest}};
    for (const auto& [name, text] : shapes) {
        fs::create_directories(dir / "in");
        write_file(dir / "in" / name, text);
        round_trip(dir / "in" / name, dir);
    }
    fs::remove_all(dir);
}

// 1,000 generated games of each ruleset, with the files they name in another folder.
TEST(ArchiveRoundTrip, GeneratedGamesOfEveryRuleset) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    const int games = 100;  // the sanitizers' builds run ten times slower
#else
    const int games = 1000;
#endif
    const fs::path dir = temp_dir();
    fs::create_directories(dir / "games");
    const std::string fixtures = (kSource / "fixtures").string();
    const std::vector<std::pair<std::string, std::vector<std::string>>> rulesets = {
        {"ironclads", {}},
        {"late19c", {}},
        {"eia-naval", {"--map", fixtures + "/maps/eia-sample-map.ngn"}},
        {"tmbv", {"--tables", fixtures + "/tables/tmbv-test-pack.ngn", "--library", fixtures + "/tables/tmbv-lissa-test-manifest.ngn"}},
        {"admiral", {"--library", fixtures + "/ships/admiral-test-cards.ngn"}},
    };
    for (const auto& [id, files] : rulesets) {
        const fs::path file = dir / "games" / (id + ".ngn");
        std::vector<std::string> args{"generate", "--ruleset", id, "--games", std::to_string(games), "--seed", "38", "-o", file.string()};
        args.insert(args.end(), files.begin(), files.end());
        ASSERT_EQ(run_ironlog(args).status, 0) << id;
        round_trip(file, dir);
    }
    fs::remove_all(dir);
}

// `generate -o sub/x.ngn` with files given from the current folder names them from sub/ (it used
// to write them as given, so the record checked only from the folder it was made in).
TEST(ArchiveRoundTrip, GeneratedRecordsNameTheirFilesFromWhereTheyAreWritten) {
    const fs::path dir = temp_dir();
    fs::create_directories(dir / "data");
    fs::create_directories(dir / "sub" / "deeper");
    for (const char* f : {"maps/eia-sample-map.ngn", "tables/tmbv-test-pack.ngn", "tables/tmbv-lissa-test-manifest.ngn", "ships/admiral-test-cards.ngn"})
        fs::copy_file(kSource / "fixtures" / f, dir / "data" / fs::path(f).filename());
    const std::vector<std::pair<std::string, std::string>> rulesets = {
        {"eia-naval", "--map data/eia-sample-map.ngn"},
        {"tmbv", "--tables data/tmbv-test-pack.ngn --library data/tmbv-lissa-test-manifest.ngn"},
        {"admiral", "--library data/admiral-test-cards.ngn"},
    };
    for (const auto& [id, files] : rulesets) {
        const std::string cmd = "cd '" + dir.string() + "' && '" + kBinary + "' generate --ruleset " + id + " --games 3 " + files +
                                " -o sub/deeper/" + id + ".ngn";
        ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
        const std::string text = read_file(dir / "sub" / "deeper" / (id + ".ngn"));
        EXPECT_NE(text.find("\"../../data/"), std::string::npos) << id << "\n" << text.substr(0, 400);
        auto c = run_ironlog({"check", (dir / "sub" / "deeper" / (id + ".ngn")).string()});  // from the tests' folder
        EXPECT_EQ(c.status, 0) << id << "\n" << c.out;
    }
    fs::remove_all(dir);
}

// export --bundle: the files the records name are copied beside the export and named there alone,
// so the folder can be carried away whole; two different files of one name are refused.
TEST(ArchiveRoundTrip, ExportBundlesTheFilesItsRecordsName) {
    const fs::path dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", (kSource / "fixtures/games/ironclads-lissa-sample.ngn").string(),
                           (kSource / "fixtures/games/eia-naval-sample.ngn").string()})
                  .status, 0);
    const fs::path out = dir / "carried" / "league.ngn";
    fs::create_directories(out.parent_path());
    auto e = run_ironlog({"archive", "--db", db, "export", "-o", out.string(), "--bundle"});
    ASSERT_EQ(e.status, 0) << e.err;
    const std::string text = read_file(out);
    EXPECT_NE(text.find("[Library \"lissa-1866.ngn\"]"), std::string::npos) << text.substr(0, 800);
    EXPECT_TRUE(fs::exists(dir / "carried" / "lissa-1866.ngn"));
    EXPECT_TRUE(fs::exists(dir / "carried" / "eia-sample-map.ngn"));
    fs::rename(dir / "carried", dir / "elsewhere");  // the folder carried away whole
    auto c = run_ironlog({"check", (dir / "elsewhere" / "league.ngn").string()});
    EXPECT_EQ(c.status, 0) << c.out;
    // another file of the same name: refused, nothing written
    fs::create_directories(dir / "other" / "ships");
    write_file(dir / "other" / "ships" / "lissa-1866.ngn", read_file(kSource / "fixtures/ships/lissa-1866.ngn") + "; a house rule\n");
    write_file(dir / "other" / "g.ngn", archive_testing::replace_all(read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn"), "AUT roll d6: 4", "AUT roll d6: 5"));
    ASSERT_EQ(run_ironlog({"archive", "--db", db, "add", (dir / "other" / "g.ngn").string()}).status, 0);
    const fs::path again = dir / "again" / "league.ngn";
    fs::create_directories(again.parent_path());
    auto twice = run_ironlog({"archive", "--db", db, "export", "-o", again.string(), "--bundle"});
    EXPECT_EQ(twice.status, 2);
    EXPECT_NE(twice.err.find("--bundle: two different files named lissa-1866.ngn"), std::string::npos) << twice.err;
    EXPECT_FALSE(fs::exists(again));
    fs::remove_all(dir);
}
