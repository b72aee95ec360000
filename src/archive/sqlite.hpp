// A small RAII layer over SQLite's C API: a connection, prepared statements that are kept
// and reused, and transactions that roll back unless committed. Errors become exceptions
// carrying SQLite's message and code.
#pragma once

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sqlite {

class Error : public std::runtime_error {
public:
    Error(int code, const std::string& what) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }  // the primary result code: SQLITE_BUSY, SQLITE_FULL ...

private:
    int code_;
};

class Statement;

class Database {
public:
    Database() = default;
    // flags: SQLITE_OPEN_READONLY or SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    Database(const std::string& path, int flags);
    ~Database();
    Database(Database&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
    Database& operator=(Database&&) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    void exec(const std::string& sql);  // one or more statements, no results
    std::int64_t last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
    int changes() const { return sqlite3_changes(db_); }
    sqlite3* handle() const { return db_; }
    [[noreturn]] void fail(int code, std::string_view context) const;

private:
    sqlite3* db_ = nullptr;
};

class Statement {
public:
    Statement() = default;
    Statement(const Database& db, const std::string& sql);
    ~Statement();
    Statement(Statement&& o) noexcept : db_(o.db_), st_(o.st_) { o.st_ = nullptr; }
    Statement& operator=(Statement&&) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Binding by position, from 1. An empty optional binds NULL.
    Statement& bind(int i, std::int64_t v);
    Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
    Statement& bind(int i, std::uint32_t v) { return bind(i, static_cast<std::int64_t>(v)); }
    Statement& bind(int i, std::size_t v) { return bind(i, static_cast<std::int64_t>(v)); }
    Statement& bind(int i, std::string_view v);
    Statement& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Statement& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Statement& bind_blob(int i, std::string_view v);
    // Text SQLite reads in place, not copied: the caller keeps it alive until the statement has run.
    Statement& bind_static(int i, std::string_view v);
    template <class T>
    Statement& bind(int i, const std::optional<T>& v) {
        if (!v) return bind_null(i);
        return bind(i, *v);
    }
    Statement& bind_null(int i);

    bool step();  // true: a row is ready; false: done
    void run();   // steps to the end, then resets for reuse
    void reset();

    std::int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }
    sqlite3_stmt* handle() const { return st_; }
    std::string text(int col) const;
    std::optional<std::string> optional_text(int col) const;
    bool is_null(int col) const { return sqlite3_column_type(st_, col) == SQLITE_NULL; }

private:
    const Database* db_ = nullptr;
    sqlite3_stmt* st_ = nullptr;
};

// An INSERT of many rows in one statement, "INSERT INTO t (a, b) VALUES (?1,?2),(?3,?4)...":
// stepping a statement for each row cost more than the rows' own writing. The statement for
// each number of rows up to max_rows is prepared when first needed, and kept.
class RowsInsert {
public:
    // into: the table and its columns, "t (a, b)"
    RowsInsert(const Database& db, std::string into, int columns, std::size_t max_rows);
    // Writes count rows, max_rows to a statement: bind(statement, base, i) binds row i's
    // columns as parameters base + 1 ... base + columns.
    template <class Bind>
    void write(std::size_t count, Bind&& bind) {
        for (std::size_t at = 0; at < count;) {
            const std::size_t n = std::min(count - at, by_rows_.size());
            Statement& q = rows(n);
            for (std::size_t r = 0; r < n; ++r) bind(q, static_cast<int>(r) * columns_, at + r);
            q.run();
            at += n;
        }
    }

private:
    Statement& rows(std::size_t n);

    const Database* db_;
    std::string into_;
    int columns_;
    std::vector<Statement> by_rows_;  // [n - 1]: the statement for n rows, once prepared
};

// BEGIN IMMEDIATE ... COMMIT; rolled back when destroyed uncommitted.
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    void commit();

private:
    Database& db_;
    bool done_ = false;
};

}  // namespace sqlite
