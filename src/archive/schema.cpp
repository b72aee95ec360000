#include "archive/schema.hpp"

#include "archive/archive.hpp"

#include <map>
#include <mutex>

namespace archive {

namespace {

struct Object {
    std::string type, sql;
};

// The schema's objects by name. The full-text index's own tables (note_search_*) are made by FTS5,
// whose table definitions vary with SQLite's version: they are compared by name and type only.
// SQLite's own tables (sqlite_stat1 ...) are left out; their triggers would not be.
std::map<std::string, Object> objects_of(const sqlite::Database& db) {
    std::map<std::string, Object> out;
    sqlite::Statement q(db, "SELECT type, name, coalesce(sql, '') FROM sqlite_schema");
    while (q.step()) {
        const std::string type = q.text(0), name = q.text(1);
        if (type == "table" && name.rfind("sqlite_", 0) == 0) continue;
        const bool fts_shadow = type == "table" && name.rfind("note_search_", 0) == 0;
        out[name] = Object{type, fts_shadow || name.rfind("sqlite_autoindex_", 0) == 0 ? "" : q.text(2)};
    }
    return out;
}

std::map<std::string, Object> made_by_migrations(int version) {
    sqlite::Database mem(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    for (int v = 0; v < version && v < static_cast<int>(migrations().size()); ++v) mem.exec(migrations()[static_cast<std::size_t>(v)]);
    return objects_of(mem);
}

// Made once a version, and kept: entries are never removed, so a reference outlives the lock.
const std::map<std::string, Object>& reference(int version) {
    static std::mutex lock;
    static std::map<int, std::map<std::string, Object>> made;
    std::lock_guard<std::mutex> guard(lock);
    auto it = made.find(version);
    if (it == made.end()) it = made.emplace(version, made_by_migrations(version)).first;
    return it->second;
}

}  // namespace

std::vector<std::string> schema_differences(const sqlite::Database& db, int version) {
    const auto& want = reference(version);
    const auto have = objects_of(db);
    std::vector<std::string> out;
    for (const auto& [name, o] : have) {
        auto it = want.find(name);
        if (it == want.end()) out.push_back("a " + o.type + " '" + name + "' that ironlog did not create");
        else if (it->second.type != o.type || it->second.sql != o.sql) out.push_back("the " + o.type + " '" + name + "' is not as ironlog created it");
    }
    for (const auto& [name, o] : want)
        if (!have.count(name)) out.push_back("the " + o.type + " '" + name + "' that ironlog created is gone");
    return out;
}

}  // namespace archive
