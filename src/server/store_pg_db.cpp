#include "server/store_pg_db.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <vector>

namespace server::sql {

namespace {

using Fault = WriteResult::Fault;

// SQLSTATE classes and codes, as the store reports them.
Fault fault_of(const std::string& state) {
  if (state.rfind("23", 0) == 0) return Fault::Conflict;  // integrity constraint violation
  if (state == "53100") return Fault::Full;               // disk_full
  if (state == "25006") return Fault::ReadOnly;           // read_only_sql_transaction
  return Fault::Other;
}

std::string trimmed(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text.empty() ? "failed" : text;
}

class PgConnection;

class PgCursor final : public Cursor {
 public:
  PgCursor(PgConnection& db, std::string sql) : db_(db), sql_(std::move(sql)) {}
  ~PgCursor() override { PQclear(result_); }
  PgCursor(const PgCursor&) = delete;
  PgCursor& operator=(const PgCursor&) = delete;

  bool ok() const override { return true; }
  void bind_text(int i, const std::string& s) override { slot(i) = s; }
  void bind_integer(int i, std::int64_t v) override { slot(i) = std::to_string(v); }
  void bind_real(int i, double v) override {
    char text[32];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
    slot(i) = ec == std::errc() ? std::string(text, end) : std::to_string(v);
  }
  void bind_null(int i) override { slot(i).reset(); }
  Step step() override;
  bool null(int col) const override { return PQgetisnull(result_, row_, col) != 0; }
  std::string text(int col) const override {
    if (!result_ || row_ >= PQntuples(result_)) return "";
    return PQgetvalue(result_, row_, col);
  }
  std::int64_t integer(int col) const override {
    const std::string t = text(col);
    std::int64_t v = 0;
    std::from_chars(t.data(), t.data() + t.size(), v);
    return v;
  }
  double real(int col) const override {
    const std::string t = text(col);
    double v = 0;
    std::from_chars(t.data(), t.data() + t.size(), v);
    return v;
  }
  std::string error() const override { return error_; }

 private:
  std::optional<std::string>& slot(int i) {
    if (params_.size() < std::size_t(i)) params_.resize(std::size_t(i));
    return params_[std::size_t(i - 1)];
  }

  PgConnection& db_;
  std::string sql_;
  std::vector<std::optional<std::string>> params_;
  PGresult* result_ = nullptr;
  int row_ = -1;
  bool ran_ = false;
  std::string error_;
};

class PgConnection final : public Connection {
 public:
  PgConnection(PGconn* conn, bool read_only) : conn_(conn), read_only_(read_only) {}
  ~PgConnection() override { PQfinish(conn_); }
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  Dialect dialect() const override { return Dialect::Postgres; }
  std::unique_ptr<Cursor> prepare(const char* sql) override {
    return std::make_unique<PgCursor>(*this, postgres_parameters(sql));
  }
  std::string exec(const char* sql) override {
    PGresult* r = PQexec(conn_, sql);
    std::string error = note(r);
    PQclear(r);
    return error;
  }
  std::string begin() override {
    state_.clear();
    if (PQstatus(conn_) != CONNECTION_OK) {
      PQreset(conn_);
      if (PQstatus(conn_) != CONNECTION_OK) return trimmed(PQerrorMessage(conn_));
      if (auto e = session_settings(); !e.empty()) return e;
    }
    return exec("BEGIN");
  }
  Fault fault() const override { return fault_of(state_); }
  int version() override {
    PGresult* r = PQexec(conn_, "SELECT version FROM store_schema");
    const bool ok = note(r).empty() && PQntuples(r) == 1;
    const int v = ok ? std::atoi(PQgetvalue(r, 0, 0)) : -1;
    PQclear(r);
    return v;
  }
  std::string set_version_sql(int version) const override {
    return "UPDATE store_schema SET version = " + std::to_string(version);
  }
  // One key for the schema of every store: held to the transaction's end.
  std::string lock_schema() override { return exec("SELECT pg_advisory_xact_lock(7305546157170521)"); }
  // A session's advisory lock (RUN_LOCK_CLASS, run), which PostgreSQL lets
  // go when the session ends, however the process ended.
  std::string hold_run(std::int64_t run) override {
    run_ = run;
    return exec(run_lock_sql().c_str());
  }
  StoreSizes sizes() const override {
    StoreSizes s;
    PGresult* r = PQexec(conn_, "SELECT pg_database_size(current_database())");
    if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
      s.db_bytes = std::strtoll(PQgetvalue(r, 0, 0), nullptr, 10);
    PQclear(r);
    return s;
  }

  // Settings of each session, on connecting and reconnecting.
  std::string session_settings() {
    std::string sql = "SET client_min_messages = warning; SET TIME ZONE 'UTC';";
    if (read_only_) sql += "SET default_transaction_read_only = on;";
    if (run_ > 0) sql += run_lock_sql();
    return exec(sql.c_str());
  }
  PGconn* raw() { return conn_; }
  // "" for a result that succeeded; otherwise the error, its SQLSTATE kept
  // for fault().
  std::string note(const PGresult* r) {
    const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return "";
    const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    state_ = state ? state : "";
    return trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(conn_));
  }

 private:
  std::string run_lock_sql() const {
    return "SELECT pg_advisory_lock(" + std::to_string(RUN_LOCK_CLASS) + ", " + std::to_string(run_) + ");";
  }

  PGconn* conn_;
  bool read_only_;
  std::string state_;
  std::int64_t run_ = -1;
};

Step PgCursor::step() {
  if (!ran_) {
    ran_ = true;
    std::vector<const char*> values;
    for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
    result_ = PQexecParams(db_.raw(), sql_.c_str(), int(values.size()), nullptr, values.data(), nullptr,
                           nullptr, 0);
    error_ = db_.note(result_);
    if (!error_.empty()) return Step::Error;
  }
  if (!error_.empty()) return Step::Error;
  ++row_;
  return row_ < PQntuples(result_) ? Step::Row : Step::Done;
}

}  // namespace

std::string postgres_parameters(const std::string& sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int largest = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (c == '\'') quoted = !quoted;
    if (quoted || c != '?') {
      out += c;
      continue;
    }
    std::size_t end = i + 1;
    while (end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[end]))) ++end;
    const int n = end > i + 1 ? std::stoi(sql.substr(i + 1, end - i - 1)) : largest + 1;
    largest = std::max(largest, n);
    out += '$' + std::to_string(n);
    i = end - 1;
  }
  return out;
}

std::string redact_uri(const std::string& uri) {
  // postgresql://user:password@host/...: the password is what lies between
  // the first ':' after the scheme and the '@'.
  const std::size_t scheme = uri.find("://");
  if (scheme == std::string::npos) return uri;
  const std::size_t at = uri.find('@', scheme + 3);
  const std::size_t colon = uri.find(':', scheme + 3);
  std::string shown = uri;
  if (at != std::string::npos && colon != std::string::npos && colon < at)
    shown = uri.substr(0, colon + 1) + "***" + uri.substr(at);
  const std::size_t query = shown.find("password=");
  if (query != std::string::npos) shown = shown.substr(0, query) + "password=***";
  return shown;
}

core::Expected<std::unique_ptr<Connection>> open_postgres(const std::string& uri,
                                                          const StoreOptions& options) {
  PGconn* conn = PQconnectdb(uri.c_str());
  if (!conn) return core::error("out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string why = trimmed(PQerrorMessage(conn));
    PQfinish(conn);
    return core::error(why);
  }
  auto connection = std::make_unique<PgConnection>(conn, options.read_only);
  if (auto e = connection->session_settings(); !e.empty()) return core::error(e);
  return std::unique_ptr<Connection>(std::move(connection));
}

}  // namespace server::sql
