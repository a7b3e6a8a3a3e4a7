#include "server/store.h"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>

#include "server/store_migrations.h"
#include "server/store_pg_db.h"
#include "server/store_pg_listen.h"
#include "server/store_sql_store.h"
#include "server/store_sqlite_db.h"

namespace server {

using sql::Connection;
using sql::run;
using sql::Statement;

namespace {

// How long a store on PostgreSQL waits for its listener before serving.
constexpr auto LISTEN_WAIT = std::chrono::seconds(10);

std::string update_result(Connection& db, const std::string& id, const std::string& result,
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

std::string update_clock(Connection& db, const std::string& id, const ClockRecord* clock) {
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
std::string update_bot_to_move(Connection& db, const std::string& id, bool bot_to_move) {
  Statement st(db, "UPDATE games SET bot_to_move = ?1 WHERE id = ?2 AND bot_to_move IS DISTINCT FROM ?1");
  st.bind(1, std::int64_t(bot_to_move)).bind(2, id);
  return run(st);
}

bool is_postgres(const std::string& path) {
  return path.rfind("postgresql://", 0) == 0 || path.rfind("postgres://", 0) == 0;
}

}  // namespace

std::string Store::shown_name(const std::string& path) {
  return is_postgres(path) ? sql::redact_uri(path) : path;
}

core::Expected<std::unique_ptr<Store>> Store::open(const std::string& path, StoreOptions options) {
  const auto fail = [&](const std::string& why) {
    return core::error("database '" + shown_name(path) + "': " + why);
  };
  if (is_postgres(path)) {
    if (options.max_pages > 0) return fail("a page limit (--db-max-pages) is for a SQLite file only");
    auto db = sql::open_postgres(path, options);
    if (!db) return fail(db.error());
    auto store = SqlStore::create(std::move(db).value(), options.read_only);
    if (!store) return fail(store.error());
    store.value()->listen_for_changes(path);
    return std::unique_ptr<Store>(std::move(store).value());
  }
  auto db = sql::open_sqlite(path, options);
  if (!db) return fail(db.error());
  sql::Connection& connection = *db.value();
  auto store = SqlStore::create(std::move(db).value(), options.read_only);
  if (!store) return fail(store.error());
  if (auto ok = sql::start_sqlite_upkeep(connection, options); !ok) return fail(ok.error());
  return std::unique_ptr<Store>(std::move(store).value());
}

int Store::latest_version() { return int(sql::migration_count()); }

core::Expected<std::unique_ptr<SqlStore>> SqlStore::create(std::unique_ptr<sql::Connection> db,
                                                           bool read_only) {
  std::unique_ptr<SqlStore> store(new SqlStore(std::move(db)));
  if (auto ok = store->migrate(read_only); !ok) return core::error(ok.error());
  return store;
}

SqlStore::SqlStore(std::unique_ptr<sql::Connection> db) : db_(std::move(db)) {
  std::random_device random;
  char text[17];
  std::snprintf(text, sizeof text, "%08x%08x", random(), random());
  origin_ = text;
}

// The listener's thread calls into the handlers: it stops first.
SqlStore::~SqlStore() { listener_.reset(); }

void SqlStore::listen_for_changes(const std::string& uri) {
  listener_ = std::make_unique<sql::ChangeListener>(uri, origin_);
  listener_->set_handler([this](const std::string& what) { heard_elsewhere(what); });
  // A process that served before it listened would miss the changes made
  // meanwhile to the games it read (the listener reports "" when it starts
  // late, and the rooms held are read again): it waits a while first.
  if (!listener_->wait_listening(LISTEN_WAIT))
    std::cerr << "store: not yet listening for other processes' changes after "
              << std::chrono::duration_cast<std::chrono::seconds>(LISTEN_WAIT).count()
              << " s; serving, and reading every game held again once it does\n";
}

void SqlStore::on_changes_elsewhere(std::function<void(const std::string&)> on_change) {
  std::lock_guard lock(handlers_mutex_);
  games_changed_ = std::move(on_change);
}

void SqlStore::heard_elsewhere(const std::string& what) {
  std::lock_guard lock(handlers_mutex_);
  const bool seeks = what.empty() || what == sql::SEEKS_CHANGED;
  if (seeks && seeks_changed_) seeks_changed_();
  if (what != sql::SEEKS_CHANGED && games_changed_) games_changed_(what);
}

std::string SqlStore::lock_unfinished(const std::string& id) {
  // SQLite's write transaction already holds the file's one write lock. On
  // PostgreSQL a run's write locks the row by recording itself as the
  // game's decider, which the change makes it anyway: one round trip for both.
  const bool records_decider = shared() && run_ >= 0;
  // The same statement ends the game's offers: every change this guards does.
  Statement st(*db_,
               records_decider
                   ? "UPDATE games SET decider = ?2, offers = '' WHERE id = ?1 AND result = '*' RETURNING id"
                   : "UPDATE games SET offers = '' WHERE id = ?1 AND result = '*' RETURNING id");
  st.bind(1, id);
  if (records_decider) st.bind(2, run_);
  if (!st.ok()) return st.error();
  const sql::Step step = st.step();
  if (step == sql::Step::Error) return st.error();
  return step == sql::Step::Row ? "" : sql::refused("game " + id + " has ended");
}

std::string SqlStore::notify_change(const std::string& id, bool locked) {
  if (db_->dialect() != sql::Dialect::Postgres) return "";
  if (!locked)
    if (auto e = decided_here(id); !e.empty()) return e;
  Statement st(*db_, std::string("SELECT pg_notify('") + sql::CHANGES_CHANNEL + "', ?)");
  st.bind(1, origin_ + " " + id);
  return st.row() ? "" : st.error();
}

StoreSizes SqlStore::sizes() const {
  std::lock_guard lock(mutex_);
  return db_->sizes();
}

int SqlStore::version() {
  std::lock_guard lock(mutex_);
  return db_->version();
}

namespace {

std::string version_error(int version, int latest, bool read_only) {
  if (version < 0) return "its schema's version cannot be read";
  if (version > latest)
    return "its schema is version " + std::to_string(version) + ", newer than this program's " +
           std::to_string(latest);
  if (version < latest && read_only)
    return "its schema is version " + std::to_string(version) + " and needs migrating to " +
           std::to_string(latest) + ", which a read-only database cannot be";
  return "";
}

}  // namespace

core::Expected<bool> SqlStore::migrate(bool read_only) {
  const int latest = latest_version();
  if (read_only) {
    const std::string e = version_error(db_->version(), latest, true);
    return e.empty() ? core::Expected<bool>(true) : core::error(e);
  }
  // Each step in a transaction of its own that holds the schema's lock and
  // reads the version afresh: another process may have migrated meanwhile.
  const sql::Dialect dialect = db_->dialect();
  for (int step = -1;; ++step) {
    if (auto e = db_->begin(); !e.empty()) return core::error(e);
    std::string e = db_->lock_schema();
    std::string what = "the tables of version 0";
    if (e.empty() && step < 0) {
      e = db_->exec(sql::base_schema().text(dialect));
    } else if (e.empty()) {
      const int version = db_->version();
      e = version_error(version, latest, false);
      if (e.empty() && version == latest) {
        db_->exec("ROLLBACK");
        return true;
      }
      if (e.empty()) {
        const sql::Migration& m = sql::migrations()[version];
        what = "migration to version " + std::to_string(version + 1) + " (" + m.what + ")";
        e = db_->exec((std::string(m.text(dialect)) + ";\n" + db_->set_version_sql(version + 1)).c_str());
        if (!e.empty()) e = what + " failed: " + e;
      }
    }
    if (e.empty()) e = db_->exec("COMMIT");
    if (!e.empty()) {
      db_->exec("ROLLBACK");
      return core::error(e);
    }
  }
}

WriteResult SqlStore::insert_game(const GameRecord& game) {
  std::lock_guard lock(mutex_);
  return write([&] { return insert_game_locked(game); });
}

WriteResult SqlStore::insert_rematch(const GameRecord& game, const std::string& old_id, int ply,
                                     const std::string& before, const std::string& after) {
  std::lock_guard lock(mutex_);
  // One transaction: no process hears of the claim before the game exists.
  return write([&]() -> std::string {
    if (auto e = set_offers_locked(old_id, ply, before, after, true); !e.empty()) return e;
    return insert_game_locked(game);
  });
}

std::string SqlStore::insert_game_locked(const GameRecord& game) {
  Statement st(*db_,
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
    Statement clock(*db_, "UPDATE games SET clock_initial_ms = ?, clock_increment_ms = ? WHERE id = ?");
    clock.bind(1, game.clock->control.initial_ms).bind(2, game.clock->control.increment_ms).bind(3, game.id);
    if (auto e = run(clock); !e.empty()) return e;
    if (auto e = update_clock(*db_, game.id, &*game.clock); !e.empty()) return e;
  }
  for (std::size_t i = 0; i < game.seats.size(); ++i) {
    Statement seat(
        *db_, "INSERT INTO seats (game_id, idx, name, kind, token, account_id) VALUES (?, ?, ?, ?, ?, ?)");
    seat.bind(1, game.id).bind(2, std::int64_t(i)).bind(3, game.seats[i].name);
    seat.bind(4, game.seats[i].kind).bind(5, game.seats[i].token);
    bind_account(seat, 6, game.seats[i].account_id);
    if (auto e = run(seat); !e.empty()) return e;
  }
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    Statement mv(*db_, "INSERT INTO moves (game_id, ply, move) VALUES (?, ?, ?)");
    mv.bind(1, game.id).bind(2, std::int64_t(i)).bind(3, game.moves[i]);
    if (auto e = run(mv); !e.empty()) return e;
  }
  return decided_here(game.id);
}

WriteResult SqlStore::append_move(const std::string& id, int ply, const std::string& move,
                                  const std::string& result, const std::string& reason, bool bot_to_move,
                                  const std::vector<int>& places, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    if (auto e = lock_unfinished(id); !e.empty()) return e;
    // The move follows the moves stored: a copy that missed a take-back
    // stored elsewhere cannot leave a gap (and its ply, if taken, is refused by the key).
    Statement st(*db_,
                 "INSERT INTO moves (game_id, ply, move) SELECT ?1, CAST(?2 AS INTEGER), ?3 "
                 "WHERE (SELECT count(*) FROM moves WHERE game_id = ?1) = CAST(?2 AS INTEGER) RETURNING ply");
    st.bind(1, id).bind(2, std::int64_t(ply)).bind(3, move);
    if (!st.ok()) return st.error();
    sql::Step step = st.step();
    if (step == sql::Step::Error) return st.error();
    if (step == sql::Step::Done)
      return sql::refused("game " + id + " has not " + std::to_string(ply) + " moves stored");
    while ((step = st.step()) == sql::Step::Row) {
    }
    if (step == sql::Step::Error) return st.error();
    if (result != "*") {
      if (auto e = update_result(*db_, id, result, reason); !e.empty()) return e;
      if (auto e = settle_ratings(id, places); !e.empty()) return e;
    }
    if (auto e = update_clock(*db_, id, clock); !e.empty()) return e;
    if (auto e = update_bot_to_move(*db_, id, bot_to_move); !e.empty()) return e;
    return notify_change(id, true);
  });
}

WriteResult SqlStore::truncate_moves(const std::string& id, int ply, const std::string& result,
                                     const std::string& reason, bool bot_to_move, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    if (auto e = lock_unfinished(id); !e.empty()) return e;
    Statement st(*db_, "DELETE FROM moves WHERE game_id = ? AND ply >= ?");
    st.bind(1, id).bind(2, std::int64_t(ply));
    if (auto e = run(st); !e.empty()) return e;
    if (auto e = update_result(*db_, id, result, reason); !e.empty()) return e;
    if (auto e = update_clock(*db_, id, clock); !e.empty()) return e;
    if (auto e = update_bot_to_move(*db_, id, bot_to_move); !e.empty()) return e;
    return notify_change(id, true);
  });
}

WriteResult SqlStore::set_bot_to_move(const std::string& id, bool bot_to_move) {
  std::lock_guard lock(mutex_);
  return write([&]() { return update_bot_to_move(*db_, id, bot_to_move); });
}

WriteResult SqlStore::set_result(const std::string& id, const std::string& result, const std::string& reason,
                                 const std::vector<int>& places, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    if (auto e = lock_unfinished(id); !e.empty()) return e;
    if (auto e = update_result(*db_, id, result, reason); !e.empty()) return e;
    if (result != "*")
      if (auto e = settle_ratings(id, places); !e.empty()) return e;
    if (auto e = update_clock(*db_, id, clock); !e.empty()) return e;
    return notify_change(id, true);
  });
}

WriteResult SqlStore::set_offers(const std::string& id, int ply, const std::string& before,
                                 const std::string& after, bool finished) {
  std::lock_guard lock(mutex_);
  return write([&] { return set_offers_locked(id, ply, before, after, finished); });
}

std::string SqlStore::set_offers_locked(const std::string& id, int ply, const std::string& before,
                                        const std::string& after, bool finished) {
  Statement st(
      *db_, std::string("UPDATE games SET offers = ?3 WHERE id = ?1 AND result ") + (finished ? "!=" : "=") +
                " '*' AND offers = ?4 AND "
                "(SELECT count(*) FROM moves WHERE game_id = ?1) = CAST(?2 AS INTEGER) RETURNING id");
  st.bind(1, id).bind(2, std::int64_t(ply)).bind(3, after).bind(4, before);
  if (!st.ok()) return st.error();
  sql::Step step = st.step();
  if (step == sql::Step::Error) return st.error();
  if (step == sql::Step::Done) return sql::refused("game " + id + " has changed: its offers were not stored");
  while ((step = st.step()) == sql::Step::Row) {
  }
  if (step == sql::Step::Error) return st.error();
  // An offer is no change of who decides the game: the notification alone.
  return notify_change(id, true);
}

WriteResult SqlStore::set_seat(const std::string& id, const SeatRecord& seat, const ClockRecord* clock) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(*db_,
                 "UPDATE seats SET kind = ?, token = ?, account_id = ? WHERE game_id = ? AND name = ? "
                 "RETURNING idx");
    st.bind(1, seat.kind).bind(2, seat.token);
    bind_account(st, 3, seat.account_id);
    st.bind(4, id).bind(5, seat.name);
    if (!st.ok()) return st.error();
    int changed = 0;
    sql::Step step = sql::Step::Row;
    while ((step = st.step()) == sql::Step::Row) ++changed;
    if (step != sql::Step::Done) return st.error();
    if (changed != 1) return "no seat '" + seat.name + "' in game " + id;
    if (auto e = update_clock(*db_, id, clock); !e.empty()) return e;
    return notify_change(id);
  });
}

core::Expected<std::int64_t> SqlStore::begin_run(std::int64_t now_ms, std::vector<ServerRun>& earlier) {
  std::lock_guard lock(mutex_);
  std::int64_t id = 0;
  const WriteResult written = write([&]() -> std::string {
    // No clock that runs began before such a run: it can never be charged.
    Statement prune(
        *db_,
        "DELETE FROM server_runs WHERE alive_ms < coalesce((SELECT min(clock_since_ms) FROM games "
        "WHERE result = '*' AND clock_since_ms IS NOT NULL), ?)");
    prune.bind(1, now_ms);
    if (auto e = run(prune); !e.empty()) return e;
    earlier.clear();
    Statement runs(*db_, "SELECT started_ms, alive_ms FROM server_runs");
    while (runs.row()) earlier.push_back({runs.integer(0), runs.integer(1)});
    Statement st(*db_, "INSERT INTO server_runs (started_ms, alive_ms) VALUES (?, ?) RETURNING id");
    st.bind(1, now_ms).bind(2, now_ms);
    if (!st.ok() || !st.row()) return st.error();
    id = st.integer(0);
    return st.step() == sql::Step::Done ? "" : st.error();
  });
  if (!written) return core::error(written.message);
  // On a shared database the run is live while its connection holds this;
  // without it no other process could tell it from a stopped one.
  if (auto e = db_->hold_run(id); !e.empty()) return core::error("the run's lock: " + e);
  run_ = id;
  return id;
}

WriteResult SqlStore::alive(std::int64_t run_id, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  return write([&]() {
    Statement st(*db_, "UPDATE server_runs SET alive_ms = ? WHERE id = ?");
    st.bind(1, now_ms).bind(2, run_id);
    return run(st);
  });
}

void SqlStore::fill_moves(GameRecord& game) {
  Statement st(*db_, "SELECT move FROM moves WHERE game_id = ? ORDER BY ply");
  st.bind(1, game.id);
  while (st.row()) game.moves.push_back(st.text(0));
}

void SqlStore::fill_seats(GameRecord& game) {
  Statement st(*db_,
               "SELECT s.name, s.kind, s.token, s.account_id, a.username FROM seats s "
               "LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ? ORDER BY s.idx");
  st.bind(1, game.id);
  while (st.row())
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
  if (!st.null(15)) g.decider = st.integer(15);
  g.offers = st.text(16);
  return g;
}

constexpr const char* GAME_COLUMNS =
    "SELECT id, variant, start_fen, seed, created_ms, result, reason, dice_secret, practice, bot_to_move, "
    "clock_initial_ms, clock_increment_ms, clock_banked, clock_since_ms, rated, decider, offers FROM games ";

}  // namespace

std::optional<GameRecord> SqlStore::load(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement st(*db_, std::string(GAME_COLUMNS) + "WHERE id = ?");
  st.bind(1, id);
  if (!st.row()) return std::nullopt;
  GameRecord g = read_game(st);
  fill_seats(g);
  fill_moves(g);
  return g;
}

ResumePage SqlStore::games_to_resume(const std::string& after_id, std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement st(*db_,
               "SELECT id FROM games WHERE result = '*' AND (bot_to_move IS NULL OR bot_to_move != 0 OR "
               "clock_since_ms IS NOT NULL) AND id > ? ORDER BY id LIMIT ?");
  st.bind(1, after_id).bind(2, std::int64_t(limit) + 1);
  ResumePage page;
  while (st.row()) page.ids.push_back(st.text(0));
  page.more = page.ids.size() > limit;
  if (page.more) page.ids.pop_back();
  return page;
}

}  // namespace server
