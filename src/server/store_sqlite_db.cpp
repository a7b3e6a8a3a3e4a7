#include "server/store_sqlite_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <unordered_map>
#include <vector>

#include "server/checkpointer.h"
#include "server/quota_vfs.h"

namespace server::sql {

namespace {

constexpr const char* PRAGMAS = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
)sql";

// The statements a connection prepared, each kept for the next use of the
// same SQL text once its cursor is done: parsing and planning cost more than
// running most of the store's statements (a move's seven took 12 % of the
// server's CPU to prepare under 1,000 clocked games). A text in use twice at
// once gets a second statement. Bounded: past MAX_IDLE kept statements a
// returned one is finalized.
class StatementCache {
 public:
  explicit StatementCache(sqlite3* db) : db_(db) {}
  ~StatementCache() { clear(); }
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;

  sqlite3_stmt* take(const std::string& sql) {
    if (auto it = idle_.find(sql); it != idle_.end() && !it->second.empty()) {
      sqlite3_stmt* st = it->second.back();
      it->second.pop_back();
      --kept_;
      return st;
    }
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v3(db_, sql.c_str(), int(sql.size()) + 1, SQLITE_PREPARE_PERSISTENT, &st, nullptr);
    return st;
  }
  void give_back(const std::string& sql, sqlite3_stmt* st) {
    if (!st) return;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (kept_ >= MAX_IDLE) {
      sqlite3_finalize(st);
      return;
    }
    idle_[sql].push_back(st);
    ++kept_;
  }
  void clear() {
    for (auto& [sql, statements] : idle_)
      for (sqlite3_stmt* st : statements) sqlite3_finalize(st);
    idle_.clear();
    kept_ = 0;
  }

 private:
  static constexpr std::size_t MAX_IDLE = 256;
  sqlite3* db_;
  std::unordered_map<std::string, std::vector<sqlite3_stmt*>> idle_;
  std::size_t kept_ = 0;
};

class SqliteCursor final : public Cursor {
 public:
  SqliteCursor(sqlite3* db, StatementCache& cache, const char* sql)
      : db_(db), cache_(cache), sql_(sql), stmt_(cache.take(sql_)) {}
  ~SqliteCursor() override { cache_.give_back(sql_, stmt_); }
  SqliteCursor(const SqliteCursor&) = delete;
  SqliteCursor& operator=(const SqliteCursor&) = delete;

  bool ok() const override { return stmt_ != nullptr; }
  void bind_text(int i, const std::string& s) override {
    sqlite3_bind_text(stmt_, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
  }
  void bind_integer(int i, std::int64_t v) override { sqlite3_bind_int64(stmt_, i, v); }
  void bind_real(int i, double v) override { sqlite3_bind_double(stmt_, i, v); }
  void bind_null(int i) override { sqlite3_bind_null(stmt_, i); }
  Step step() override {
    const int rc = sqlite3_step(stmt_);
    return rc == SQLITE_ROW ? Step::Row : rc == SQLITE_DONE ? Step::Done : Step::Error;
  }
  bool null(int col) const override { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::string text(int col) const override {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? reinterpret_cast<const char*>(p) : "";
  }
  std::int64_t integer(int col) const override { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const override { return sqlite3_column_double(stmt_, col); }
  std::string error() const override { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  StatementCache& cache_;
  std::string sql_;
  sqlite3_stmt* stmt_;
};

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(sqlite3* db, std::string path, std::unique_ptr<QuotaVfs> vfs)
      : vfs_(std::move(vfs)), path_(std::move(path)), db_(db), statements_(db) {}
  ~SqliteConnection() override {
    checkpointer_.reset();
    statements_.clear();
    sqlite3_close(db_);
  }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Dialect dialect() const override { return Dialect::Sqlite; }
  std::unique_ptr<Cursor> prepare(const char* sql) override {
    return std::make_unique<SqliteCursor>(db_, statements_, sql);
  }
  std::string exec(const char* sql) override {
    char* msg = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) == SQLITE_OK) return "";
    std::string text = msg ? msg : "failed";
    sqlite3_free(msg);
    return text;
  }
  std::string begin() override { return exec("BEGIN IMMEDIATE"); }
  WriteResult::Fault fault() const override {
    using Fault = WriteResult::Fault;
    const int code = sqlite3_extended_errcode(db_) & 0xff;
    return code == SQLITE_FULL         ? Fault::Full
           : code == SQLITE_READONLY   ? Fault::ReadOnly
           : code == SQLITE_CONSTRAINT ? Fault::Conflict
                                       : Fault::Other;
  }
  int version() override {
    SqliteCursor st(db_, statements_, "PRAGMA user_version");
    return st.step() == Step::Row ? int(st.integer(0)) : -1;
  }
  std::string set_version_sql(int version) const override {
    return "PRAGMA user_version = " + std::to_string(version);
  }
  bool make_room() override {
    if (!checkpointer_ || !vfs_ || vfs_->limit() <= 0) return false;
    return checkpointer_->fold_now();
  }
  StoreSizes sizes() const override {
    namespace fs = std::filesystem;
    const auto bytes = [](const std::string& file) {
      std::error_code ec;
      const auto n = fs::file_size(file, ec);
      return ec ? std::int64_t(0) : std::int64_t(n);
    };
    StoreSizes s;
    if (path_ == ":memory:") return s;
    s.db_bytes = bytes(path_);
    s.wal_bytes = bytes(path_ + "-wal");
    s.limit_bytes = vfs_ ? std::max<std::int64_t>(vfs_->limit(), 0) : 0;
    s.checkpoints = checkpointer_ ? checkpointer_->completed() : 0;
    return s;
  }

  core::Expected<bool> start_upkeep(const StoreOptions& options) {
    if (options.max_pages > 0) {
      const std::string pragma = "PRAGMA max_page_count = " + std::to_string(options.max_pages);
      if (auto e = exec(pragma.c_str()); !e.empty()) return core::error(e);
    }
    if (!vfs_) return true;
    auto started = Checkpointer::start(db_, path_, *vfs_, options.checkpoints);
    if (!started) return core::error(started.error());
    checkpointer_ = std::move(started).value();
    return true;
  }

 private:
  // Declared first so that it outlives both connections.
  std::unique_ptr<QuotaVfs> vfs_;
  std::string path_;
  sqlite3* db_;
  StatementCache statements_;
  std::unique_ptr<Checkpointer> checkpointer_;
};

}  // namespace

core::Expected<std::unique_ptr<Connection>> open_sqlite(const std::string& path,
                                                        const StoreOptions& options) {
  // A file the server writes goes through the quota VFS, which counts (and
  // with max_pages, limits) the bytes of the database and its WAL.
  const bool on_disk = path != ":memory:" && !options.read_only;
  std::unique_ptr<QuotaVfs> vfs;
  if (on_disk) {
    auto made = QuotaVfs::create(std::int64_t(options.max_pages) * 4096);
    if (!made) return core::error(made.error());
    vfs = std::move(made).value();
  }
  sqlite3* db = nullptr;
  const int mode = options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db, mode | SQLITE_OPEN_NOMUTEX, vfs ? vfs->name() : nullptr) !=
      SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return core::error(msg);
  }
  sqlite3_busy_timeout(db, 5000);
  auto connection = std::make_unique<SqliteConnection>(db, path, std::move(vfs));
  if (auto e = connection->exec(PRAGMAS); !e.empty()) return core::error(e);
  return std::unique_ptr<Connection>(std::move(connection));
}

core::Expected<bool> start_sqlite_upkeep(Connection& db, const StoreOptions& options) {
  return static_cast<SqliteConnection&>(db).start_upkeep(options);
}

}  // namespace server::sql
