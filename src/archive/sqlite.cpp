#include "archive/sqlite.hpp"

namespace sqlite {

Database::Database(const std::string& path, int flags) {
    // A connection is used by one thread at a time: SQLite's own locking of it (a mutex taken
    // for every call) is not needed.
    int rc = sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw Error(rc & 0xFF, msg);
    }
}

Database::~Database() { sqlite3_close_v2(db_); }

Database& Database::operator=(Database&& o) noexcept {
    if (this != &o) {
        sqlite3_close_v2(db_);
        db_ = o.db_;
        o.db_ = nullptr;
    }
    return *this;
}

void Database::fail(int code, std::string_view context) const {
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    if (!context.empty()) msg = std::string(context) + ": " + msg;
    throw Error(code & 0xFF, msg);
}

void Database::exec(const std::string& sql) {
    char* err = nullptr;
    int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = err ? err : sqlite3_errstr(rc);
        sqlite3_free(err);
        throw Error(rc & 0xFF, msg);
    }
}

Statement::Statement(const Database& db, const std::string& sql) : db_(&db) {
    int rc = sqlite3_prepare_v3(db.handle(), sql.c_str(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &st_, nullptr);
    if (rc != SQLITE_OK) db.fail(rc, "preparing a statement");
}

Statement::~Statement() { sqlite3_finalize(st_); }

Statement& Statement::operator=(Statement&& o) noexcept {
    if (this != &o) {
        sqlite3_finalize(st_);
        db_ = o.db_;
        st_ = o.st_;
        o.st_ = nullptr;
    }
    return *this;
}

Statement& Statement::bind(int i, std::int64_t v) {
    if (int rc = sqlite3_bind_int64(st_, i, v); rc != SQLITE_OK) db_->fail(rc, "binding");
    return *this;
}

namespace {

// SQLite binds NULL for a null pointer whatever the length: an empty view (a comment line that
// is just ';', an empty note, name or ruling) has no data pointer, and must still be text.
const char* data_of(std::string_view v) { return v.data() ? v.data() : ""; }

}  // namespace

Statement& Statement::bind(int i, std::string_view v) {
    if (int rc = sqlite3_bind_text64(st_, i, data_of(v), v.size(), SQLITE_TRANSIENT, SQLITE_UTF8); rc != SQLITE_OK)
        db_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind_static(int i, std::string_view v) {
    if (int rc = sqlite3_bind_text64(st_, i, data_of(v), v.size(), SQLITE_STATIC, SQLITE_UTF8); rc != SQLITE_OK) db_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind_blob(int i, std::string_view v) {
    // an empty blob too: SQLite's zeroblob(0), not NULL
    if (!v.data()) {
        if (int rc = sqlite3_bind_zeroblob(st_, i, 0); rc != SQLITE_OK) db_->fail(rc, "binding");
        return *this;
    }
    if (int rc = sqlite3_bind_blob64(st_, i, v.data(), v.size(), SQLITE_TRANSIENT); rc != SQLITE_OK) db_->fail(rc, "binding");
    return *this;
}

Statement& Statement::bind_null(int i) {
    if (int rc = sqlite3_bind_null(st_, i); rc != SQLITE_OK) db_->fail(rc, "binding");
    return *this;
}

bool Statement::step() {
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    sqlite3_reset(st_);
    db_->fail(rc, "");
}

void Statement::run() {
    while (step()) {
    }
    reset();
}

void Statement::reset() {
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
}

std::string Statement::text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_blob(st_, col));
    int n = sqlite3_column_bytes(st_, col);
    return p ? std::string(p, static_cast<std::size_t>(n)) : std::string();
}

std::optional<std::string> Statement::optional_text(int col) const {
    if (is_null(col)) return std::nullopt;
    return text(col);
}

RowsInsert::RowsInsert(const Database& db, std::string into, int columns, std::size_t max_rows)
    : db_(&db), into_(std::move(into)), columns_(columns), by_rows_(std::max<std::size_t>(max_rows, 1)) {}

Statement& RowsInsert::rows(std::size_t n) {
    Statement& q = by_rows_.at(n - 1);
    if (!q.handle()) {
        std::string sql = "INSERT INTO " + into_ + " VALUES ";
        int p = 0;
        for (std::size_t r = 0; r < n; ++r) {
            sql += r ? ",(" : "(";
            for (int c = 0; c < columns_; ++c) sql += (c ? ",?" : "?") + std::to_string(++p);
            sql += ')';
        }
        q = Statement(*db_, sql);
    }
    return q;
}

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
    if (!done_) {
        try {
            db_.exec("ROLLBACK");
        } catch (...) {
            // the connection is already rolled back (e.g. by SQLITE_FULL); nothing more to do
        }
    }
}

void Transaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace sqlite
