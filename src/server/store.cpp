#include "server/store.h"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iterator>
#include <memory>

#include "server/quota_vfs.h"
#include "server/store_sql.h"

namespace server {

using sql::run;
using sql::Statement;

namespace {

constexpr const char* PRAGMAS = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
)sql";

// Version 0: the tables as they were before migrations were numbered. A new
// database starts here too and goes through every migration, so that a new
// database and a migrated one cannot differ.
constexpr const char* BASE_SCHEMA = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  start_fen TEXT NOT NULL,
  seed INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL REFERENCES games(id),
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  token TEXT NOT NULL,
  PRIMARY KEY (game_id, idx)
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE INDEX IF NOT EXISTS games_unfinished ON games(result) WHERE result = '*';
)sql";

// MIGRATIONS[i] takes a database from version i to i + 1 (PRAGMA
// user_version), each in a transaction of its own. Append only: a migration
// that has shipped is never edited.
struct Migration {
  const char* what;
  const char* sql;
};
constexpr Migration MIGRATIONS[] = {
    // Dice games stored before fair dice threw from a public seed with the
    // old generator: they keep it (`legacy-seed=`) and are marked practice.
    {"fair dice: each game's dice secret, and the practice mark", R"sql(
ALTER TABLE games ADD COLUMN dice_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
UPDATE games SET practice = 1, start_fen = replace(start_fen, ' seed=', ' legacy-seed=')
  WHERE variant = 'chaturaji-dice';
)sql"},
    // NULL: not known (a game stored before the column); start-up looks at it once.
    {"the index of games whose bot is to move, which start-up resumes", R"sql(
ALTER TABLE games ADD COLUMN bot_to_move INTEGER;
CREATE INDEX games_to_resume ON games(id) WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0);
)sql"},
    // NULL clock_initial_ms: no clock. clock_banked: each seat's time as at
    // clock_since_ms, comma-separated; clock_since_ms NULL: no clock runs.
    // Start-up loads every game whose clock runs, so that its flag can fall.
    {"clocks: each game's time control and times, the server's runs", R"sql(
ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER;
ALTER TABLE games ADD COLUMN clock_banked TEXT;
ALTER TABLE games ADD COLUMN clock_since_ms INTEGER;
CREATE TABLE server_runs (id INTEGER PRIMARY KEY, started_ms INTEGER NOT NULL, alive_ms INTEGER NOT NULL);
DROP INDEX games_to_resume;
CREATE INDEX games_to_resume ON games(id)
  WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0 OR clock_since_ms IS NOT NULL);
)sql"},
    // Sessions are kept by the SHA-256 of their id; a rating row per player
    // and variant; a history row per player and rated game, for the profile.
    {"accounts, sessions, ratings and their history; seats held by accounts; rated games", R"sql(
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_expiry ON sessions(expires_ms);
CREATE TABLE ratings (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  variant TEXT NOT NULL,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account_id, variant)
);
CREATE INDEX ratings_board ON ratings(variant, rating DESC);
CREATE TABLE rating_history (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  variant TEXT NOT NULL,
  game_id TEXT NOT NULL REFERENCES games(id),
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, game_id)
);
CREATE INDEX rating_history_game ON rating_history(game_id);
ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts(id);
CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;
CREATE INDEX seats_token ON seats(token) WHERE token != '';
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
)sql"},
    // A JSON object the browser app reads and writes whole (docs/api.md).
    {"each account's appearance and sound settings", R"sql(
ALTER TABLE accounts ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
)sql"},
};
constexpr int LATEST_VERSION = int(std::size(MIGRATIONS));

std::string update_result(sqlite3* db, const std::string& id, const std::string& result,
                          const std::string& reason) {
  Statement st(db, "UPDATE games SET result = ?, reason = ? WHERE id = ?");
  st.bind(1, result).bind(2, reason).bind(3, id);
  return run(st);
}

std::string banked_text(const std::vector<std::int64_t>& banked) {
  std::string text;
  for (const std::int64_t ms : banked) text += (text.empty() ? "" : ",") + std::to_string(ms);
  return text;
}

// Empty for text that is not such a list; the service then starts the
// clock afresh rather than trust it.
std::vector<std::int64_t> banked_from_text(const std::string& text) {
  std::vector<std::int64_t> banked;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    std::int64_t ms = 0;
    const auto [next, ec] = std::from_chars(p, end, ms);
    if (ec != std::errc() || (next != end && *next != ',')) return {};
    banked.push_back(ms);
    p = next == end ? end : next + 1;
  }
  return banked;
}

std::string update_clock(sqlite3* db, const std::string& id, const ClockRecord* clock) {
  if (!clock) return "";
  Statement st(db, "UPDATE games SET clock_banked = ?, clock_since_ms = ? WHERE id = ?");
  st.bind(1, banked_text(clock->banked_ms));
  if (clock->since_ms)
    st.bind(2, *clock->since_ms);
  else
    st.bind_null(2);
  st.bind(3, id);
  return run(st);
}

// A seat's account, NULL for none.
void bind_account(Statement& st, int i, std::int64_t account_id) {
  if (account_id > 0)
    st.bind(i, account_id);
  else
    st.bind_null(i);
}

// Writes only when the flag changes, so a game between people costs no
// extra page per move.
std::string update_bot_to_move(sqlite3* db, const std::string& id, bool bot_to_move) {
  Statement st(db, "UPDATE games SET bot_to_move = ?1 WHERE id = ?2 AND bot_to_move IS NOT ?1");
  st.bind(1, std::int64_t(bot_to_move)).bind(2, id);
  return run(st);
}

}  // namespace

core::Expected<std::unique_ptr<Store>> Store::open(const std::string& path, StoreOptions options) {
  // A file the server writes goes through the quota VFS, which counts (and
  // with max_pages, limits) the bytes of the database and its WAL.
  const bool on_disk = path != ":memory:" && !options.read_only;
  std::unique_ptr<QuotaVfs> vfs;
  if (on_disk) {
    auto made = QuotaVfs::create(std::int64_t(options.max_pages) * 4096);
    if (!made) return core::error("database '" + path + "': " + made.error());
    vfs = std::move(made).value();
  }
  sqlite3* db = nullptr;
  const int mode = options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db, mode | SQLITE_OPEN_NOMUTEX, vfs ? vfs->name() : nullptr) !=
      SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return core::error("database '" + path + "': " + msg);
  }
  sqlite3_busy_timeout(db, 5000);
  std::unique_ptr<Store> store(new Store(db, path, std::move(vfs)));
  if (auto ok = store->exec(PRAGMAS); !ok) return core::error("database '" + path + "': " + ok.error());
  if (auto ok = store->migrate(options.read_only); !ok)
    return core::error("database '" + path + "': " + ok.error());
  if (options.max_pages > 0) {
    const std::string pragma = "PRAGMA max_page_count = " + std::to_string(options.max_pages);
    if (auto ok = store->exec(pragma.c_str()); !ok)
      return core::error("database '" + path + "': " + ok.error());
  }
  if (on_disk) {
    auto started = Checkpointer::start(db, path, *store->vfs_, options.checkpoints);
    if (!started) return core::error("database '" + path + "': " + started.error());
    store->checkpointer_ = std::move(started).value();
  }
  return store;
}

Store::Store(sqlite3* db, std::string path, std::unique_ptr<QuotaVfs> vfs)
    : vfs_(std::move(vfs)), path_(std::move(path)), db_(db) {}

Store::~Store() {
  checkpointer_.reset();
  sqlite3_close(db_);
}

StoreSizes Store::sizes() const {
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

int Store::latest_version() { return LATEST_VERSION; }

int Store::version() {
  std::lock_guard lock(mutex_);
  Statement st(db_, "PRAGMA user_version");
  return st.step() == SQLITE_ROW ? int(st.integer(0)) : -1;
}

core::Expected<bool> Store::migrate(bool read_only) {
  if (!read_only)
    if (auto ok = exec(BASE_SCHEMA); !ok) return ok;
  const int from = version();
  if (from > LATEST_VERSION)
    return core::error("its schema is version " + std::to_string(from) + ", newer than this program's " +
                       std::to_string(LATEST_VERSION));
  if (from < LATEST_VERSION && read_only)
    return core::error("its schema is version " + std::to_string(from) + " and needs migrating to " +
                       std::to_string(LATEST_VERSION) + ", which a read-only database cannot be");
  for (int v = from; v < LATEST_VERSION; ++v) {
    const std::string sql = "BEGIN IMMEDIATE;\n" + std::string(MIGRATIONS[v].sql) +
                            "PRAGMA user_version = " + std::to_string(v + 1) + ";\nCOMMIT;";
    if (auto ok = exec(sql.c_str()); !ok) {
      exec("ROLLBACK");
      return core::error("migration to version " + std::to_string(v + 1) + " (" + MIGRATIONS[v].what +
                         ") failed: " + ok.error());
    }
  }
  return true;
}

core::Expected<bool> Store::exec(const char* sql) {
  char* msg = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
    std::string text = msg ? msg : "failed";
    sqlite3_free(msg);
    return core::error(text);
  }
  return true;
}

WriteResult Store::insert_game(const GameRecord& game) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(db_,
                 "INSERT INTO games (id, variant, start_fen, seed, created_ms, result, reason, dice_secret, "
                 "practice, bot_to_move, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, game.id).bind(2, game.variant).bind(3, game.start_fen);
    st.bind(4, std::int64_t(game.seed)).bind(5, game.created_ms).bind(6, game.result).bind(7, game.reason);
    st.bind(8, game.dice_secret).bind(9, std::int64_t(game.practice));
    if (game.bot_to_move)
      st.bind(10, std::int64_t(*game.bot_to_move));
    else
      st.bind_null(10);
    st.bind(11, std::int64_t(game.rated));
    if (auto e = run(st); !e.empty()) return e;
    if (game.clock) {
      Statement clock(db_, "UPDATE games SET clock_initial_ms = ?, clock_increment_ms = ? WHERE id = ?");
      clock.bind(1, game.clock->control.initial_ms)
          .bind(2, game.clock->control.increment_ms)
          .bind(3, game.id);
      if (auto e = run(clock); !e.empty()) return e;
      if (auto e = update_clock(db_, game.id, &*game.clock); !e.empty()) return e;
    }
    for (std::size_t i = 0; i < game.seats.size(); ++i) {
      Statement seat(
          db_, "INSERT INTO seats (game_id, idx, name, kind, token, account_id) VALUES (?, ?, ?, ?, ?, ?)");
      seat.bind(1, game.id).bind(2, std::int64_t(i)).bind(3, game.seats[i].name);
      seat.bind(4, game.seats[i].kind).bind(5, game.seats[i].token);
      bind_account(seat, 6, game.seats[i].account_id);
      if (auto e = run(seat); !e.empty()) return e;
    }
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
      Statement mv(db_, "INSERT INTO moves (game_id, ply, move) VALUES (?, ?, ?)");
      mv.bind(1, game.id).bind(2, std::int64_t(i)).bind(3, game.moves[i]);
      if (auto e = run(mv); !e.empty()) return e;
    }
    return "";
  });
}

WriteResult Store::append_move(const std::string& id, int ply, const std::string& move,
                               const std::string& result, const std::string& reason, bool bot_to_move,
                               const std::vector<int>& places, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(db_, "INSERT INTO moves (game_id, ply, move) VALUES (?, ?, ?)");
    st.bind(1, id).bind(2, std::int64_t(ply)).bind(3, move);
    if (auto e = run(st); !e.empty()) return e;
    if (result != "*") {
      if (auto e = update_result(db_, id, result, reason); !e.empty()) return e;
      if (auto e = settle_ratings(id, places); !e.empty()) return e;
    }
    if (auto e = update_clock(db_, id, clock); !e.empty()) return e;
    return update_bot_to_move(db_, id, bot_to_move);
  });
}

WriteResult Store::truncate_moves(const std::string& id, int ply, const std::string& result,
                                  const std::string& reason, bool bot_to_move, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(db_, "DELETE FROM moves WHERE game_id = ? AND ply >= ?");
    st.bind(1, id).bind(2, std::int64_t(ply));
    if (auto e = run(st); !e.empty()) return e;
    if (auto e = update_result(db_, id, result, reason); !e.empty()) return e;
    if (auto e = update_clock(db_, id, clock); !e.empty()) return e;
    return update_bot_to_move(db_, id, bot_to_move);
  });
}

WriteResult Store::set_bot_to_move(const std::string& id, bool bot_to_move) {
  std::lock_guard lock(mutex_);
  return write([&]() { return update_bot_to_move(db_, id, bot_to_move); });
}

WriteResult Store::set_result(const std::string& id, const std::string& result, const std::string& reason,
                              const std::vector<int>& places, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    if (auto e = update_result(db_, id, result, reason); !e.empty()) return e;
    if (result != "*")
      if (auto e = settle_ratings(id, places); !e.empty()) return e;
    return update_clock(db_, id, clock);
  });
}

WriteResult Store::set_seat(const std::string& id, const SeatRecord& seat, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(db_, "UPDATE seats SET kind = ?, token = ?, account_id = ? WHERE game_id = ? AND name = ?");
    st.bind(1, seat.kind).bind(2, seat.token);
    bind_account(st, 3, seat.account_id);
    st.bind(4, id).bind(5, seat.name);
    if (auto e = run(st); !e.empty()) return e;
    if (sqlite3_changes(db_) != 1) return "no seat '" + seat.name + "' in game " + id;
    return update_clock(db_, id, clock);
  });
}

core::Expected<std::int64_t> Store::begin_run(std::int64_t now_ms, std::vector<ServerRun>& earlier) {
  std::lock_guard lock(mutex_);
  std::int64_t id = 0;
  const WriteResult written = write([&]() -> std::string {
    // No clock that runs began before such a run: it can never be charged.
    Statement prune(
        db_,
        "DELETE FROM server_runs WHERE alive_ms < coalesce((SELECT min(clock_since_ms) FROM games "
        "WHERE result = '*' AND clock_since_ms IS NOT NULL), ?)");
    prune.bind(1, now_ms);
    if (auto e = run(prune); !e.empty()) return e;
    earlier.clear();
    Statement runs(db_, "SELECT started_ms, alive_ms FROM server_runs");
    while (runs.step() == SQLITE_ROW) earlier.push_back({runs.integer(0), runs.integer(1)});
    Statement st(db_, "INSERT INTO server_runs (started_ms, alive_ms) VALUES (?, ?)");
    st.bind(1, now_ms).bind(2, now_ms);
    if (auto e = run(st); !e.empty()) return e;
    id = sqlite3_last_insert_rowid(db_);
    return "";
  });
  if (!written) return core::error(written.message);
  return id;
}

WriteResult Store::alive(std::int64_t run_id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  return write([&]() {
    Statement st(db_, "UPDATE server_runs SET alive_ms = ? WHERE id = ?");
    st.bind(1, now_ms).bind(2, run_id);
    return run(st);
  });
}

void Store::fill_moves(GameRecord& game) {
  Statement st(db_, "SELECT move FROM moves WHERE game_id = ? ORDER BY ply");
  st.bind(1, game.id);
  while (st.step() == SQLITE_ROW) game.moves.push_back(st.text(0));
}

void Store::fill_seats(GameRecord& game) {
  Statement st(db_,
               "SELECT s.name, s.kind, s.token, s.account_id, a.username FROM seats s "
               "LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ? ORDER BY s.idx");
  st.bind(1, game.id);
  while (st.step() == SQLITE_ROW)
    game.seats.push_back({st.text(0), st.text(1), st.text(2), st.null(3) ? 0 : st.integer(3), st.text(4)});
}

namespace {

GameRecord read_game(const Statement& st) {
  GameRecord g;
  g.id = st.text(0);
  g.variant = st.text(1);
  g.start_fen = st.text(2);
  g.seed = std::uint32_t(st.integer(3));
  g.created_ms = st.integer(4);
  g.result = st.text(5);
  g.reason = st.text(6);
  g.dice_secret = st.text(7);
  g.practice = st.integer(8) != 0;
  if (!st.null(9)) g.bot_to_move = st.integer(9) != 0;
  if (!st.null(10)) {
    ClockRecord clock{{st.integer(10), st.integer(11)}, banked_from_text(st.text(12)), std::nullopt};
    if (!st.null(13)) clock.since_ms = st.integer(13);
    g.clock = std::move(clock);
  }
  g.rated = st.integer(14) != 0;
  return g;
}

constexpr const char* GAME_COLUMNS =
    "SELECT id, variant, start_fen, seed, created_ms, result, reason, dice_secret, practice, bot_to_move, "
    "clock_initial_ms, clock_increment_ms, clock_banked, clock_since_ms, rated FROM games ";

}  // namespace

std::optional<GameRecord> Store::load(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement st(db_, (std::string(GAME_COLUMNS) + "WHERE id = ?").c_str());
  st.bind(1, id);
  if (st.step() != SQLITE_ROW) return std::nullopt;
  GameRecord g = read_game(st);
  fill_seats(g);
  fill_moves(g);
  return g;
}

ResumePage Store::games_to_resume(const std::string& after_id, std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement st(db_,
               "SELECT id FROM games WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0 OR "
               "clock_since_ms IS NOT NULL) AND id > ? ORDER BY id LIMIT ?");
  st.bind(1, after_id).bind(2, std::int64_t(limit) + 1);
  ResumePage page;
  while (st.step() == SQLITE_ROW) page.ids.push_back(st.text(0));
  page.more = page.ids.size() > limit;
  if (page.more) page.ids.pop_back();
  return page;
}

}  // namespace server
