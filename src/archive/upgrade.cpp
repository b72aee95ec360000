// `archive upgrade`: an archive of an older schema brought up to this ironlog's, in one
// transaction (Archive::upgrade). Before schema 7 a chain entry held a game's content hash
// alone; after it, every game's first entry of the new form holds what restore needs. So the
// upgrade first verifies every game as its schema knew it, then chains each one again, saying in
// the entry, and to the organiser, which it adopts unverified: an archive edited outside ironlog
// before the upgrade is not blessed by it.
#include "archive/archive.hpp"
#include "archive/ledger.hpp"
#include "archive/sha256.hpp"
#include "notation/format.hpp"
#include "notation/parser.hpp"

#include <map>

namespace archive {

namespace {

std::string game_name(std::int64_t id) { return "game #" + std::to_string(id); }

// Schema 6's earlier versions: each a content the chain once gave its game.
void check_history_as_schema_6(const sqlite::Database& db, std::map<std::int64_t, std::string>& unverified) {
    sqlite::Statement history(db, "SELECT game_id, version, record, rows_digest FROM game_history ORDER BY game_id, version");
    sqlite::Statement given(db, "SELECT 1 FROM chain WHERE game_id = ?1 AND content = ?2");
    while (history.step()) {
        const std::int64_t id = history.integer(0);
        given.bind(1, id).bind(2, content_hash(sha256_hex(history.text(2)), history.text(3), 1));
        if (!given.step() && !unverified.count(id))
            unverified[id] = "version " + std::to_string(history.integer(1)) + " of its history no longer matched the chain";
        given.reset();
    }
}

}  // namespace

void Archive::upgrade_games(int from) {
    Ledger ledger(db_);
    std::map<std::int64_t, std::string> unverified;  // game -> why
    if (from >= 6) {
        Verification v = ledger.verify(false);  // schema 6's chain and content hashes (format 1)
        for (const auto& p : v.problems) {
            if (p.game_id && !unverified.count(p.game_id)) unverified[p.game_id] = p.what;
            else if (!p.game_id) upgrade_.adopted_unverified.push_back(p);
        }
        check_history_as_schema_6(db_, unverified);
    }
    recompute_identities();
    // Schema 6 kept the earlier versions of a removed game; removing a game now removes them.
    sqlite::Statement orphans(db_, "DELETE FROM game_history WHERE game_id NOT IN (SELECT id FROM game)");
    orphans.run();
    if (int n = db_.changes()) upgrade_.notes.push_back(Problem{0, std::to_string(n) + " earlier versions of games removed before were let go"});
    sqlite::Statement games(db_, "SELECT id FROM game ORDER BY id");
    while (games.step()) {
        const std::int64_t id = games.integer(0);
        ++upgrade_.games;
        std::string detail = "schema " + std::to_string(from) + " to " + std::to_string(kSchemaVersion) + ": ";
        if (from < 6) {
            detail += "adopted unverified: stored before schema 6, when the archive kept no chain";
            upgrade_.adopted_unverified.push_back(Problem{id, game_name(id) + " was stored before the archive kept a chain (schema " +
                                                                  std::to_string(from) + "): taken as it stands"});
        } else if (auto it = unverified.find(id); it != unverified.end()) {
            detail += "adopted unverified: " + it->second;
            upgrade_.adopted_unverified.push_back(Problem{id, it->second + ": taken as it stands"});
        } else {
            detail += "verified";
        }
        ledger.append("upgrade", id, ledger.content_of(id), ledger.meta_of(id), detail);
    }
}

// A game's identity from its record as this ironlog reads it (schema 7: the files a record names
// count by their names). Two games that become the same keep the first's; the other is noted.
void Archive::recompute_identities() {
    db_.exec("UPDATE game SET identity = NULL");
    sqlite::Statement games(db_, "SELECT game_id, record FROM game_record ORDER BY game_id");
    sqlite::Statement taken(db_, "SELECT id FROM game WHERE identity = ?1");
    sqlite::Statement set(db_, "UPDATE game SET identity = ?2 WHERE id = ?1");
    while (games.step()) {
        const std::int64_t id = games.integer(0);
        auto parsed = ngn::parse_text(games.text(1));
        if (parsed.games.size() != 1) continue;
        const std::string identity = sha256_hex(ngn::identity_text(parsed.games.front()));
        taken.bind(1, identity);
        if (taken.step()) {
            upgrade_.notes.push_back(Problem{id, game_name(id) + " is the same game as " + game_name(taken.integer(0)) + ": remove one"});
            taken.reset();
            continue;
        }
        taken.reset();
        set.bind(1, id).bind(2, identity).run();
    }
}

}  // namespace archive
