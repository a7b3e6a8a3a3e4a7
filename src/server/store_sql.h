// What the store's source files share: a prepared statement that
// finalizes itself, a transaction that rolls back when its body fails, and
// the fault a failed write is reported as. Private to the store (store.cpp,
// store_accounts.cpp, store_ratings.cpp).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "server/quota_vfs.h"
#include "server/store.h"

namespace server::sql {

// A prepared statement that finalizes itself.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  Statement& bind(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  Statement& bind_null(int i) {
    sqlite3_bind_null(stmt_, i);
    return *this;
  }
  int step() { return sqlite3_step(stmt_); }
  bool null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::string text(int col) const {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? reinterpret_cast<const char*>(p) : "";
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string error() const { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

inline WriteResult failure(sqlite3* db, std::string message) {
  using Fault = WriteResult::Fault;
  const int code = sqlite3_extended_errcode(db) & 0xff;
  const Fault fault = code == SQLITE_FULL         ? Fault::Full
                      : code == SQLITE_READONLY   ? Fault::ReadOnly
                      : code == SQLITE_CONSTRAINT ? Fault::Conflict
                                                  : Fault::Other;
  return {fault, "store: " + std::move(message)};
}

// Runs `body` inside BEGIN IMMEDIATE .. COMMIT; rolls back when it fails.
// The fault is read before the rollback, which resets SQLite's error code.
template <class Body>
WriteResult transaction(sqlite3* db, Body body) {
  char* msg = nullptr;
  if (sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, &msg) != SQLITE_OK) {
    WriteResult failed = failure(db, msg ? msg : "begin failed");
    sqlite3_free(msg);
    return failed;
  }
  if (std::string error = body(); !error.empty()) {
    WriteResult failed = failure(db, std::move(error));
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return failed;
  }
  if (sqlite3_exec(db, "COMMIT", nullptr, nullptr, &msg) != SQLITE_OK) {
    WriteResult failed = failure(db, msg ? msg : "commit failed");
    sqlite3_free(msg);
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return failed;
  }
  return {};
}

inline std::string run(Statement& st) {
  if (!st.ok()) return st.error();
  return st.step() == SQLITE_DONE ? "" : st.error();
}

}  // namespace server::sql

namespace server {

template <class Body>
WriteResult Store::write(Body body) {
  WriteResult result = sql::transaction(db_, body);
  if (result.fault != WriteResult::Fault::Full || !checkpointer_ || !vfs_ || vfs_->limit() <= 0)
    return result;
  if (!checkpointer_->fold_now()) return result;
  return sql::transaction(db_, body);
}

}  // namespace server
