// Games, seats and moves, accounts, sessions and ratings: what the server
// keeps, behind the Store interface, in SQLite (WAL; the default) or in
// PostgreSQL. Every write is one transaction and returns only once it is
// committed, so the caller may acknowledge after it.
// Both databases run the same numbered migrations (store_migrations.cpp) and
// the same queries (store_sql_store.h, over the connections of store_db.h):
// - SQLite (store_sqlite.h): one connection behind a mutex, commits short
//   and serialised; checkpoints on a thread of their own (checkpointer.h), so
//   that the WAL's size stays bounded and no commit waits for one.
// - PostgreSQL (store_pg_db.h): one libpq connection behind a mutex.
// A rated game's ratings are settled inside the transaction that stores its
// result (store_ratings.cpp), so a result is never stored without them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "server/checkpointer.h"
#include "server/game_clock.h"
#include "server/ratings/glicko2.h"
#include "server/uptime.h"

namespace server {

struct SeatRecord {
  std::string name;   // "white"
  std::string kind;   // "human", "open", "bot:3"
  std::string token;  // secret of a human seat; empty otherwise
  // The account that holds the seat (0: none, a guest's or a bot's seat)
  // and its name, read back with the seat.
  std::int64_t account_id = 0;
  std::string username{};
};

// A write that did not commit, and why: the caller answers 507 for a full
// disk, 503 for a read-only database and 500 for anything else.
// The lobby's seeks as stored: each a JSON document (lobby.h), by seek id.
using SeekDocuments = std::map<std::string, std::string>;

struct WriteResult {
  // Conflict: a unique name already taken (an account's), a move's ply
  // already taken, a change to a game that has ended.
  enum class Fault { None, Full, ReadOnly, Conflict, Other };
  Fault fault = Fault::None;
  std::string message;

  explicit operator bool() const { return fault == Fault::None; }
  const std::string& error() const { return message; }
};

// Faults a test can provoke for real: a disk that may hold only so many
// pages of the database and its WAL (SQLite answers SQLITE_FULL past it, as
// on a full disk), or a database opened read-only (SQLITE_READONLY on every
// write, even for root).
struct StoreOptions {
  bool read_only = false;
  // The database file and its WAL together may take this many pages of
  // 4 KiB on the disk (the -shm index, 32 KiB, is not counted); a write that
  // finds no room folds the WAL into the database and tries once more
  // before it fails. 0: no limit but the disk's.
  long max_pages = 0;
  CheckpointOptions checkpoints;
};

// What the store takes on the disk now, for the health endpoint.
struct StoreSizes {
  std::int64_t db_bytes = 0;
  std::int64_t wal_bytes = 0;
  std::int64_t limit_bytes = 0;  // 0: no limit
  std::int64_t checkpoints = 0;  // completed while this store was open
};

// A game's clock as stored, written in the same transaction as the move
// (or result, take back, join) that changed it.
struct ClockRecord {
  TimeControl control;
  // Each seat's time as at since_ms (GameClock::banked()).
  std::vector<std::int64_t> banked_ms;
  // When the turn under way began (Unix ms); none while no clock runs.
  std::optional<std::int64_t> since_ms;
};

struct GameRecord {
  std::string id;
  std::string variant;
  std::string start_fen;
  std::vector<SeatRecord> seats;
  std::uint32_t seed = 0;
  std::int64_t created_ms = 0;
  std::string result = "*";
  std::string reason;
  std::vector<std::string> moves;
  // The dice secret (hex) of a game with fair dice: the store is the only
  // place it lives while the game goes on.
  std::string dice_secret;
  bool practice = false;  // may fix its dice (server/match.h)
  // A bot is to move: the game is in the index that start-up resumes.
  // Not known (start-up looks) for a game stored before the index.
  std::optional<bool> bot_to_move;
  std::optional<ClockRecord> clock;  // none: a game without a clock
  // Counts for the ratings of its players (accounts all).
  bool rated = false;
  // The run that decides it (Store::take_decision); 0: none recorded.
  std::int64_t decider = 0;
  // The draw and take-back offers pending and the last declined, as the
  // service writes them (game_offers.cpp); "" for none. Any change to the
  // moves or the result ends them.
  std::string offers;
};

// What a copy of a game is compared by to know whether it is current: its
// moves, its result, its open seats and its offers (a change to any is a
// change stored).
struct GameStamp {
  int moves = 0;
  std::string result = "*";
  int open_seats = 0;
  std::string offers;
  bool operator==(const GameStamp&) const = default;
};

struct AccountRecord {
  std::int64_t id = 0;
  std::string username;       // as registered; unique without regard to case
  std::string password_hash;  // Argon2id, in libsodium's text form
  std::int64_t created_ms = 0;
};

struct RatingRecord {
  std::string variant;
  ratings::Glicko glicko;
  int games = 0;
};

// A player's rating just after a rated game.
struct RatingPoint {
  std::string variant;
  std::string game_id;
  double rating = 0;
  double rd = 0;
  std::int64_t at_ms = 0;
};

struct LeaderRow {
  std::string username{};
  double rating = 0;
  double rd = 0;
  int games = 0;
};

struct ClaimedSeat {
  std::string game_id;
  int seat = 0;  // index in the game's seats
  std::string name;
};

// A page of the games start-up must look at: those whose bot is to move,
// those whose clock runs, and those stored before the index existed (not
// known either way).
struct ResumePage {
  std::vector<std::string> ids;  // in id order
  bool more = false;             // another page follows the last id
};

// What the server keeps, whichever database holds it (store_sql_store.h
// implements it over SQLite or PostgreSQL). Every write is one transaction
// and returns only once it is committed.
class Store {
 public:
  // Opens or creates the database: a `postgresql://` (or `postgres://`)
  // connection URI opens PostgreSQL, anything else is a SQLite file
  // (":memory:" for tests). Either is migrated to the latest version.
  static core::Expected<std::unique_ptr<Store>> open(const std::string& path, StoreOptions options = {});
  // The database's name as it may be shown (a URI without its password).
  static std::string shown_name(const std::string& path);
  // The version every database is migrated to (store_migrations.h).
  static int latest_version();
  virtual ~Store() = default;
  Store() = default;
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Each write below that takes a `clock` stores it in the same
  // transaction; null leaves the stored clock as it is.
  virtual WriteResult insert_game(const GameRecord& game) = 0;
  // Appends the move at index `ply` and, if the game ended, its result;
  // `bot_to_move` says whether a bot is to move after it. `places`: each
  // seat's finishing place (Match::places()) once a rated game has ended;
  // the write fails without them, so that no rated result goes unrated.
  // The writes of a game's moves and results change nothing (and fail) when
  // the game has ended, or, for a move, when `ply` is not the number of moves
  // stored: a process's copy that missed a change another process stored
  // cannot write over it.
  virtual WriteResult append_move(const std::string& id, int ply, const std::string& move,
                                  const std::string& result, const std::string& reason, bool bot_to_move,
                                  const std::vector<int>& places = {},
                                  const ClockRecord* clock = nullptr) = 0;
  // Drops the moves from index `ply` on and records the result after that.
  virtual WriteResult truncate_moves(const std::string& id, int ply, const std::string& result,
                                     const std::string& reason, bool bot_to_move,
                                     const ClockRecord* clock = nullptr) = 0;
  virtual WriteResult set_result(const std::string& id, const std::string& result, const std::string& reason,
                                 const std::vector<int>& places = {}, const ClockRecord* clock = nullptr) = 0;
  // Stores the offers of game `id` (GameRecord::offers) as `after` if they
  // are `before` as stored, the game has `ply` moves and is unfinished (or,
  // for a rematch's, `finished`); else refuses with Fault::Conflict
  // (another process changed the game).
  virtual WriteResult set_offers(const std::string& id, int ply, const std::string& before,
                                 const std::string& after, bool finished = false) = 0;
  // A rematch: stores `game` and, in the same transaction, the finished game
  // `old_id`'s offers as `after` (which names it) over `before`, as
  // set_offers; either both or neither.
  virtual WriteResult insert_rematch(const GameRecord& game, const std::string& old_id, int ply,
                                     const std::string& before, const std::string& after) = 0;
  // Stores the seat's kind, token and account.
  virtual WriteResult set_seat(const std::string& id, const SeatRecord& seat,
                               const ClockRecord* clock = nullptr) = 0;

  // The server's runs, for the clocks (server/uptime.h): the earlier runs
  // (those no running clock began before are forgotten), then this run's
  // start recorded; its id names it to alive(). Fails on a read-only database.
  virtual core::Expected<std::int64_t> begin_run(std::int64_t now_ms, std::vector<ServerRun>& earlier) = 0;
  // The heartbeat: run `run` was alive at `now_ms`.
  virtual WriteResult alive(std::int64_t run, std::int64_t now_ms) = 0;

  virtual std::optional<GameRecord> load(const std::string& id) = 0;

  // Unfinished games a bot may be to move in, after `after_id`, at most
  // `limit`: start-up reads them a page at a time, never the whole table.
  virtual ResumePage games_to_resume(const std::string& after_id, std::size_t limit) = 0;
  // Records what start-up found in a game the index did not know.
  virtual WriteResult set_bot_to_move(const std::string& id, bool bot_to_move) = 0;

  // The schema's version (-1 if it cannot be read).
  virtual int version() = 0;

  // Accounts and sessions. insert_account fails with Fault::Conflict when
  // the name is taken (without regard to case), and sets `account.id`.
  virtual WriteResult insert_account(AccountRecord& account) = 0;
  virtual std::optional<AccountRecord> account_by_name(const std::string& username) = 0;
  // A session is kept by the SHA-256 of its id only; expired ones are
  // dropped when a new one is made.
  virtual WriteResult insert_session(const std::string& id_hash, std::int64_t account_id, std::int64_t now_ms,
                                     std::int64_t expires_ms) = 0;
  // The account of a live session (its password_hash left empty).
  virtual std::optional<AccountRecord> session_account(const std::string& id_hash, std::int64_t now_ms) = 0;
  virtual WriteResult delete_session(const std::string& id_hash) = 0;
  // The seats whose token is one of `tokens` and that no account holds yet
  // now belong to `account_id`; `claimed` lists them.
  virtual WriteResult claim_seats(std::int64_t account_id, const std::vector<std::string>& tokens,
                                  std::vector<ClaimedSeat>& claimed) = 0;
  // The account's settings as the JSON text last saved ("{}" before any).
  virtual std::string account_settings(std::int64_t account_id) = 0;
  virtual WriteResult save_account_settings(std::int64_t account_id, const std::string& settings_json) = 0;
  // The games with a seat of the account, newest first.
  virtual std::vector<std::string> games_of(std::int64_t account_id, std::size_t offset,
                                            std::size_t limit) = 0;

  // Ratings, per variant, those of rated games only.
  virtual std::vector<RatingRecord> ratings_of(std::int64_t account_id) = 0;
  // Oldest first, the last `limit` of them.
  virtual std::vector<RatingPoint> rating_history(std::int64_t account_id, std::size_t limit) = 0;
  virtual std::vector<LeaderRow> leaderboard(const std::string& variant, std::size_t limit) = 0;

  virtual StoreSizes sizes() const = 0;

  // Several processes on one PostgreSQL database: `on_change(game_id)` runs,
  // on a thread of the store's, for each game another process changed (its
  // moves, seats or result), once that change is committed; "" when changes
  // may have been missed (the listening connection broke). nullptr stops it,
  // returning once no call runs. A SQLite file is one process's: no call.
  virtual void on_changes_elsewhere(std::function<void(const std::string&)> on_change) { (void)on_change; }

  // The lobby the processes on one database share (lobby.h): each seek a
  // JSON document the lobby writes and reads, by seek id. seeks() reads them
  // (none if the store cannot be read); change_seeks() runs `change` on
  // them as stored, holding a lock that orders every process's changes to
  // the lobby, and stores what `change` changed, added or removed, telling
  // the other processes (on_seeks_elsewhere). `change` returns "" or why
  // nothing is to be stored. A store without it answers none and refuses.
  virtual std::optional<SeekDocuments> seeks() { return std::nullopt; }
  virtual WriteResult change_seeks(const std::function<std::string(SeekDocuments&)>& change) {
    (void)change;
    return {WriteResult::Fault::Other, "store: this store keeps no seeks"};
  }
  // `on_change()` runs, on a thread of the store's, after another process
  // changed the seeks, or when changes may have been missed; nullptr stops
  // it, returning once no call runs.
  virtual void on_seeks_elsewhere(std::function<void()> on_change) { (void)on_change; }

  // Who decides a game: its bot's moves and its flag are decided by one
  // process, the one whose run (begin_run) stored the game's last change
  // (GameRecord::decider); when that process stops, another takes the game
  // over. Only a shared database (PostgreSQL) records it; a SQLite file is
  // one process's, which decides every game.
  virtual bool shared() const { return false; }
  // Takes game `id` for this run unless a live run decides it; true when
  // this run decides it now.
  virtual bool take_decision(const std::string& id) {
    (void)id;
    return true;
  }
  // Takes for this run every unfinished game whose deciding run has stopped;
  // returns those among them that need deciding (a bot to move, a clock running).
  virtual std::vector<std::string> take_orphans() { return {}; }
  // Game `id` as stored now, in one round trip, so that a process's copy
  // answers what another process has stored and acknowledged (its NOTIFY may
  // not have come yet); none if it cannot be read, or on a store no other
  // process writes.
  virtual std::optional<GameStamp> stamp(const std::string& id) {
    (void)id;
    return std::nullopt;
  }
};

}  // namespace server
