// The archive's schema as ironlog made it: every table, index, view and trigger its migrations
// create, and nothing else. A trigger planted with the sqlite3 shell (one that sets every new
// game of a side to 'win', or deletes error findings) would make later writes store false rows
// that the chain then vouches for: ironlog refuses to write to an archive whose schema it does
// not recognise, and verify reports what differs.
#pragma once

#include "archive/sqlite.hpp"

#include <string>
#include <vector>

namespace archive {

// What differs between the archive's schema and the one migrations 1..version make (each a
// sentence: "a trigger 'x' that ironlog did not create"); empty when they are the same.
std::vector<std::string> schema_differences(const sqlite::Database& db, int version);

}  // namespace archive
