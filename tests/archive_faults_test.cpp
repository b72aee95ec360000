// Faults against the archive (issue 38): a writer killed at random moments in every command that
// writes (and in verify), a full disk, four writers at once with readers. Afterwards the archive is
// whole (SQLite's integrity_check), verifies or names exactly what is incomplete, its chain has no
// gap, no game number is given twice, and adding the same games again stores each exactly once.
#include "archive/archive.hpp"
#include "archive_util.hpp"
#include "test_util.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <atomic>
#include <thread>

using namespace testing_util;
using namespace archive_testing;

namespace {

// Starts ironlog with these arguments, its output thrown away, and kills it with SIGKILL after
// `after` (if it has not ended by then).
void kill_during(const std::vector<std::string>& args, std::chrono::milliseconds after) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        std::vector<char*> argv{const_cast<char*>(kBinary.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(kBinary.c_str(), argv.data());
        ::_exit(127);
    }
    std::this_thread::sleep_for(after);
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
}

// What must hold of the archive whatever was killed when.
void expect_whole(const std::string& db, const std::string& when) {
    sqlite::Database d(db, SQLITE_OPEN_READONLY);
    sqlite::Statement integrity(d, "PRAGMA integrity_check");
    integrity.step();
    EXPECT_EQ(integrity.text(0), "ok") << when;
    EXPECT_EQ(scalar(db, "SELECT count(*) = coalesce(max(seq), 0) FROM chain"), 1) << when << ": the chain has a gap";
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM (SELECT game_id FROM chain WHERE action = 'add' GROUP BY game_id HAVING count(*) > 1)"), 0)
        << when << ": a game number given twice";
    EXPECT_EQ(scalar(db, "SELECT count(*) = count(DISTINCT identity) FROM game"), 1) << when << ": a game stored twice";
}

}  // namespace

// Sixty kills at random moments of add -j 2, recheck, replace, restore and verify, on one archive.
TEST(ArchiveFaults, KilledAtRandomMomentsNothingIsLostOrBlessed) {
    const fs::path dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    const std::string batch = (dir / "batch.ngn").string(), more = (dir / "more.ngn").string();
    ASSERT_EQ(run_ironlog({"generate", "--ruleset", "ironclads", "--games", "60", "--seed", "381", "-o", batch}).status, 0);
    ASSERT_EQ(run_ironlog({"generate", "--ruleset", "ironclads", "--games", "1", "--seed", "382", "-o", more}).status, 0);
    ASSERT_EQ(on(db, {"add", (kSource / "fixtures/errors/play-mistakes.ngn").string()}).status, 0);  // game 1
    write_file(dir / "p2.ngn", replace_all(read_file(kSource / "fixtures/errors/play-mistakes.ngn"), "[Event \"Club night\"]", "[Event \"Club night B\"]"));
    std::mt19937 random(38);
    for (int trial = 0; trial < 60; ++trial) {
        const auto after = std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 120)(random));
        std::vector<std::string> args{"archive", "--db", db};
        switch (trial % 5) {
            case 0: args.insert(args.end(), {"add", "-j", "2", batch}); break;
            case 1: args.insert(args.end(), {"add", "--recheck", "-j", "2"}); break;
            case 2: args.insert(args.end(), {"add", "--replace", "1", trial % 10 == 2 ? (dir / "p2.ngn").string() : more}); break;
            case 3:
                exec(db, "UPDATE side SET outcome = 'win' WHERE game_id = 1");  // an outside edit for restore to mend
                args.insert(args.end(), {"restore", "1"});
                break;
            default: args.insert(args.end(), {"verify"}); break;
        }
        kill_during(args, after);
        const std::string when = "trial " + std::to_string(trial) + ", " + args[3] + " killed after " + std::to_string(after.count()) + " ms";
        expect_whole(db, when);
        // what verify still finds is the outside edit not yet mended, and nothing else
        auto v = on(db, {"verify"});
        if (v.status != 0) {
            EXPECT_EQ(v.out.find("verify: game #1's stored rows"), 0u) << when << "\n" << v.out;
            EXPECT_NE(v.out.find("; 1 problem\n"), std::string::npos) << when << "\n" << v.out;
            ASSERT_EQ(on(db, {"restore", "1"}).status, 0) << when;
        }
    }
    // the batch added once more: each game once
    auto again = on(db, {"add", batch});
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game WHERE source LIKE '%batch.ngn'"), 60);
    expect_whole(db, "after adding the batch again");
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    fs::remove_all(dir);
}

// Four writers at once, each adding its own games and some of the others', while two readers list
// and verify: every game stored once, numbers never shared, the archive verifies.
TEST(ArchiveFaults, FourWritersWithReaders) {
    const fs::path dir = temp_dir();
    const std::string db = (dir / "a.db").string();
    ASSERT_EQ(on(db, {"init"}).status, 0);
    std::vector<std::string> files;
    for (int w = 0; w < 4; ++w) {
        files.push_back((dir / ("w" + std::to_string(w) + ".ngn")).string());
        // each writer's file holds 15 games, 5 of them in the next writer's file too
        auto mine = run_ironlog({"generate", "--ruleset", "ironclads", "--games", "10", "--seed", std::to_string(500 + w)}).out;
        auto shared = run_ironlog({"generate", "--ruleset", "ironclads", "--games", "5", "--seed", std::to_string(600 + (w + 3) % 4)}).out;
        auto next = run_ironlog({"generate", "--ruleset", "ironclads", "--games", "5", "--seed", std::to_string(600 + w)}).out;
        write_file(files.back(), mine + "\n" + shared + "\n" + next);
    }
    std::atomic<bool> writing{true};
    std::vector<std::thread> threads;
    std::atomic<int> writer_failures{0}, reader_failures{0};
    for (const auto& f : files)
        threads.emplace_back([&, f] {
            if (on(db, {"add", f}).status != 0) ++writer_failures;
        });
    for (int r = 0; r < 2; ++r)
        threads.emplace_back([&, r] {
            while (writing)
                if (on(db, {r ? "verify" : "list"}).status != 0) ++reader_failures;
        });
    for (int w = 0; w < 4; ++w) threads[static_cast<std::size_t>(w)].join();
    writing = false;
    for (std::size_t t = 4; t < threads.size(); ++t) threads[t].join();
    EXPECT_EQ(writer_failures, 0);
    EXPECT_EQ(reader_failures, 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM game"), 60);  // 40 of the writers' own, 20 shared
    expect_whole(db, "four writers");
    EXPECT_EQ(on(db, {"verify"}).status, 0);
    fs::remove_all(dir);
}

// A full disk (a small tmpfs, mounted in a mount namespace of the test's own): every command says
// the disk is full, not that the archive is damaged, and once there is room again the archive
// verifies and the same add succeeds.
TEST(ArchiveFaults, AFullDiskIsSaidToBeFull) {
    const fs::path dir = temp_dir();
    fs::create_directories(dir / "mnt");
    const std::string seed_db = (dir / "seed.db").string();
    write_file(dir / "sample.ngn", sample());
    ASSERT_EQ(on(seed_db, {"add", (dir / "sample.ngn").string()}).status, 0);
    ASSERT_EQ(run_ironlog({"generate", "--ruleset", "ironclads", "--games", "100", "-o", (dir / "batch.ngn").string()}).status, 0);
    const std::string d = dir.string(), mnt = (dir / "mnt").string(), db = mnt + "/a.db", I = kBinary;
    const std::string script =
        "mount -t tmpfs -o size=4m tmpfs '" + mnt + "' || exit 77\n"
        "cp '" + seed_db + "' '" + db + "'\n"
        "head -c 8m /dev/zero > '" + mnt + "/fill' 2>/dev/null\n"
        "'" + I + "' archive --db '" + db + "' add '" + d + "/batch.ngn' > '" + d + "/out1' 2> '" + d + "/err1'; echo $? > '" + d + "/st1'\n"
        "'" + I + "' archive --db '" + db + "' list > '" + d + "/out2' 2> '" + d + "/err2'; echo $? > '" + d + "/st2'\n"
        "'" + I + "' archive --db '" + db + "' verify > '" + d + "/out3' 2> '" + d + "/err3'; echo $? > '" + d + "/st3'\n"
        "rm '" + mnt + "/fill'\n"
        "'" + I + "' archive --db '" + db + "' verify > '" + d + "/out4' 2> '" + d + "/err4'; echo $? > '" + d + "/st4'\n"
        "'" + I + "' archive --db '" + db + "' add '" + d + "/batch.ngn' > '" + d + "/out5' 2> '" + d + "/err5'; echo $? > '" + d + "/st5'\n"
        "'" + I + "' archive --db '" + db + "' verify > '" + d + "/out6' 2> '" + d + "/err6'; echo $? > '" + d + "/st6'\n";
    write_file(dir / "full.sh", script);
    const int raw = std::system(("unshare -m --propagation private sh '" + (dir / "full.sh").string() + "' 2>/dev/null").c_str());
    if (!WIFEXITED(raw) || WEXITSTATUS(raw) != 0 || !fs::exists(dir / "st1"))
        GTEST_SKIP() << "no mount namespace with a tmpfs here (unshare -m and mount need CAP_SYS_ADMIN)";
    auto status = [&](int n) { return std::stoi(read_file(dir / ("st" + std::to_string(n)))); };
    auto err = [&](int n) { return read_file(dir / ("err" + std::to_string(n))); };
    for (int n : {1, 2, 3}) {
        EXPECT_EQ(status(n), 2) << n << ": " << err(n) << read_file(dir / ("out" + std::to_string(n)));
        EXPECT_NE(err(n).find("the disk is full"), std::string::npos) << n << ": " << err(n);
        EXPECT_EQ(err(n).find("damaged"), std::string::npos) << n << ": " << err(n);
    }
    EXPECT_EQ(status(4), 0) << read_file(dir / "out4") << err(4);
    EXPECT_EQ(status(5), 0) << err(5);
    EXPECT_NE(read_file(dir / "out5").find("100 archived"), std::string::npos) << read_file(dir / "out5");
    EXPECT_EQ(status(6), 0) << read_file(dir / "out6");
    fs::remove_all(dir);
}
