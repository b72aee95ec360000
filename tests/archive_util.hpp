// What the archive's tests share: a sample game that checks alike anywhere, SQL on an archive
// file, and small archives to change.
#pragma once

#include "archive/sqlite.hpp"
#include "test_util.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace archive_testing {

using testing_util::kSource;
namespace fs = std::filesystem;

// The Ironclads sample (a drawn game), its library named by full path so that a copy anywhere checks alike.
inline std::string sample() {
    std::string text = testing_util::read_file(kSource / "fixtures/games/ironclads-lissa-sample.ngn");
    const std::string rel = "../ships/", abs = (kSource / "fixtures/ships").string() + "/";
    text.replace(text.find(rel), rel.size(), abs);
    return text;
}

inline std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) s.replace(at, from.size(), to);
    return s;
}

// The first column of the first row of a query, as an integer.
inline std::int64_t scalar(const std::string& db, const std::string& sql) {
    sqlite::Database d(db, SQLITE_OPEN_READONLY);
    sqlite::Statement q(d, sql);
    q.step();
    return q.integer(0);
}

// SQL run on the archive file as the sqlite3 shell would: outside ironlog.
inline void exec(const std::string& db, const std::string& sql) {
    sqlite::Database d(db, SQLITE_OPEN_READWRITE);
    d.exec("PRAGMA busy_timeout = 15000;");
    d.exec(sql);
}

// ironlog archive --db db ARGS...
inline testing_util::Run on(const std::string& db, std::vector<std::string> args) {
    args.insert(args.begin(), {"archive", "--db", db});
    return testing_util::run_ironlog(args);
}

struct Archived {
    fs::path dir;
    std::string db;
};

// An archive holding the sample (game 1) and the two-games fixture (games 2 and 3).
inline Archived three_games() {
    Archived a{testing_util::temp_dir(), ""};
    a.db = (a.dir / "a.db").string();
    testing_util::write_file(a.dir / "sample.ngn", sample());
    EXPECT_EQ(testing_util::run_ironlog({"archive", "--db", a.db, "add", (a.dir / "sample.ngn").string()}).status, 0);
    EXPECT_EQ(testing_util::run_ironlog({"archive", "--db", a.db, "add", (kSource / "fixtures/games/two-games.ngn").string()}).status, 0);
    return a;
}

}  // namespace archive_testing
