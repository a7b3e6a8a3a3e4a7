// A database connection as the store's queries see it, whichever database
// is behind it (store_sqlite_db.h, store_pg_db.h): statements prepared from
// one SQL text with `?` and `?N` parameters, a transaction that rolls back
// when its body fails, and the fault a failed write is reported as.
// Private to the store. A connection is used by one thread at a time (the
// store's mutex).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/store.h"

namespace server::sql {

enum class Dialect { Sqlite, Postgres };
enum class Step { Row, Done, Error };

// One prepared statement and, once stepped, its rows.
class Cursor {
 public:
  virtual ~Cursor() = default;
  virtual bool ok() const = 0;
  virtual void bind_text(int i, const std::string& s) = 0;
  virtual void bind_integer(int i, std::int64_t v) = 0;
  virtual void bind_real(int i, double v) = 0;
  virtual void bind_null(int i) = 0;
  virtual Step step() = 0;
  virtual bool null(int col) const = 0;
  virtual std::string text(int col) const = 0;
  virtual std::int64_t integer(int col) const = 0;
  virtual double real(int col) const = 0;
  virtual std::string error() const = 0;
};

class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  virtual std::unique_ptr<Cursor> prepare(const char* sql) = 0;
  // Runs statements without parameters: "" or the error.
  virtual std::string exec(const char* sql) = 0;
  // Opens a transaction that writes (SQLite takes its write lock at once).
  virtual std::string begin() = 0;
  // The fault of the last statement that failed, read before a rollback.
  virtual WriteResult::Fault fault() const = 0;
  // The schema's version, -1 if it cannot be read, and the statement that
  // sets it inside a migration's transaction.
  virtual int version() = 0;
  virtual std::string set_version_sql(int version) const = 0;
  // Inside a transaction: waits until no other process migrates the schema.
  virtual std::string lock_schema() { return ""; }
  // Several processes (PostgreSQL): marks this connection's process as the
  // live run `run` for as long as the connection lasts (taken again when it
  // is opened again), so that others see at once when the process stops.
  virtual std::string hold_run(std::int64_t run) {
    (void)run;
    return "";
  }
  // After a write failed as on a full disk: makes room if it can (SQLite
  // folds its WAL), so that the write may be tried once more.
  virtual bool make_room() { return false; }
  virtual StoreSizes sizes() const = 0;
};

// A prepared statement, bound and read in the store's terms.
class Statement {
 public:
  Statement(Connection& db, const char* sql) : cursor_(db.prepare(sql)) {}
  Statement(Connection& db, const std::string& sql) : Statement(db, sql.c_str()) {}

  bool ok() const { return cursor_->ok(); }
  Statement& bind(int i, const std::string& s) {
    cursor_->bind_text(i, s);
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    cursor_->bind_integer(i, v);
    return *this;
  }
  Statement& bind(int i, double v) {
    cursor_->bind_real(i, v);
    return *this;
  }
  Statement& bind_null(int i) {
    cursor_->bind_null(i);
    return *this;
  }
  // True while it yields a row.
  bool row() { return cursor_->step() == Step::Row; }
  Step step() { return cursor_->step(); }
  bool null(int col) const { return cursor_->null(col); }
  std::string text(int col) const { return cursor_->text(col); }
  std::int64_t integer(int col) const { return cursor_->integer(col); }
  double real(int col) const { return cursor_->real(col); }
  std::string error() const { return cursor_->error(); }

 private:
  std::unique_ptr<Cursor> cursor_;
};

// Runs a statement that yields no rows: "" or the error.
inline std::string run(Statement& st) {
  if (!st.ok()) return st.error();
  return st.step() == Step::Done ? "" : st.error();
}

// What a transaction's body returns to refuse a write the database would
// take (a stale copy's move): its reason, reported as a Conflict.
inline constexpr char REFUSED_MARK = '\x1f';
inline std::string refused(const std::string& why) { return REFUSED_MARK + why; }

// Runs `body` (which returns "" or an error) in a transaction; rolls back
// when it fails. The fault is read before the rollback, which forgets it.
template <class Body>
WriteResult transaction(Connection& db, Body body) {
  if (std::string error = db.begin(); !error.empty()) return {db.fault(), "store: " + error};
  if (std::string error = body(); !error.empty()) {
    const bool refusal = error.front() == REFUSED_MARK;
    WriteResult failed{refusal ? WriteResult::Fault::Conflict : db.fault(),
                       "store: " + (refusal ? error.substr(1) : error)};
    db.exec("ROLLBACK");
    return failed;
  }
  if (std::string error = db.exec("COMMIT"); !error.empty()) {
    WriteResult failed{db.fault(), "store: " + error};
    db.exec("ROLLBACK");
    return failed;
  }
  return {};
}

}  // namespace server::sql
