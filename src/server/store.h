// Games, seats and moves, accounts, sessions and ratings in SQLite (WAL). Every call is one transaction and
// returns only once it is committed, so the caller may acknowledge after it.
// The schema is versioned (PRAGMA user_version): opening a database runs, in
// order, the numbered migrations it has not had (store.cpp, MIGRATIONS).
// One connection behind a mutex: commits are short and serialised anyway.
// A rated game's ratings are settled inside the transaction that stores its
// result (store_ratings.cpp), so a result is never stored without them.
// Sources: store.cpp (games), store_accounts.cpp (accounts, sessions,
// seats claimed), store_ratings.cpp (ratings, leaderboard, history).
// Checkpoints (which copy the WAL into the database and fsync it) run on a
// thread of their own with a second connection, so that no commit waits for
// one (checkpointer.h); the WAL's size stays bounded while the store runs.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "server/checkpointer.h"
#include "server/game_clock.h"
#include "server/ratings/glicko2.h"
#include "server/uptime.h"

struct sqlite3;

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
struct WriteResult {
  // Conflict: a unique name already taken (an account's).
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

class Store {
 public:
  // Opens or creates the database at `path` (":memory:" for tests).
  static core::Expected<std::unique_ptr<Store>> open(const std::string& path, StoreOptions options = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Each write below that takes a `clock` stores it in the same
  // transaction; null leaves the stored clock as it is.
  WriteResult insert_game(const GameRecord& game);
  // Appends the move at index `ply` and, if the game ended, its result;
  // `bot_to_move` says whether a bot is to move after it. `places`: each
  // seat's finishing place (Match::places()) once a rated game has ended;
  // the write fails without them, so that no rated result goes unrated.
  WriteResult append_move(const std::string& id, int ply, const std::string& move, const std::string& result,
                          const std::string& reason, bool bot_to_move, const std::vector<int>& places = {},
                          const ClockRecord* clock = nullptr);
  // Drops the moves from index `ply` on and records the result after that.
  WriteResult truncate_moves(const std::string& id, int ply, const std::string& result,
                             const std::string& reason, bool bot_to_move, const ClockRecord* clock = nullptr);
  WriteResult set_result(const std::string& id, const std::string& result, const std::string& reason,
                         const std::vector<int>& places = {}, const ClockRecord* clock = nullptr);
  // Stores the seat's kind, token and account.
  WriteResult set_seat(const std::string& id, const SeatRecord& seat, const ClockRecord* clock = nullptr);

  // The server's runs, for the clocks (server/uptime.h): the earlier runs
  // (those no running clock began before are forgotten), then this run's
  // start recorded; its id names it to alive(). Fails on a read-only database.
  core::Expected<std::int64_t> begin_run(std::int64_t now_ms, std::vector<ServerRun>& earlier);
  // The heartbeat: run `run` was alive at `now_ms`.
  WriteResult alive(std::int64_t run, std::int64_t now_ms);

  std::optional<GameRecord> load(const std::string& id);

  // Unfinished games a bot may be to move in, after `after_id`, at most
  // `limit`: start-up reads them a page at a time, never the whole table.
  ResumePage games_to_resume(const std::string& after_id, std::size_t limit);
  // Records what start-up found in a game the index did not know.
  WriteResult set_bot_to_move(const std::string& id, bool bot_to_move);

  // The schema's version (PRAGMA user_version) and the one this program
  // migrates every database it opens to.
  int version();
  static int latest_version();

  // Accounts and sessions (store_accounts.cpp). insert_account fails with
  // Fault::Conflict when the name is taken, and sets `account.id`.
  WriteResult insert_account(AccountRecord& account);
  std::optional<AccountRecord> account_by_name(const std::string& username);
  // A session is kept by the SHA-256 of its id only; expired ones are
  // dropped when a new one is made.
  WriteResult insert_session(const std::string& id_hash, std::int64_t account_id, std::int64_t now_ms,
                             std::int64_t expires_ms);
  // The account of a live session (its password_hash left empty).
  std::optional<AccountRecord> session_account(const std::string& id_hash, std::int64_t now_ms);
  WriteResult delete_session(const std::string& id_hash);
  // The seats whose token is one of `tokens` and that no account holds yet
  // now belong to `account_id`; `claimed` lists them.
  WriteResult claim_seats(std::int64_t account_id, const std::vector<std::string>& tokens,
                          std::vector<ClaimedSeat>& claimed);
  // The account's settings as the JSON text last saved ("{}" before any).
  std::string account_settings(std::int64_t account_id);
  WriteResult save_account_settings(std::int64_t account_id, const std::string& settings_json);
  // The games with a seat of the account, newest first.
  std::vector<std::string> games_of(std::int64_t account_id, std::size_t offset, std::size_t limit);

  // Ratings (store_ratings.cpp): per variant, those of rated games only.
  std::vector<RatingRecord> ratings_of(std::int64_t account_id);
  // Oldest first, the last `limit` of them.
  std::vector<RatingPoint> rating_history(std::int64_t account_id, std::size_t limit);
  std::vector<LeaderRow> leaderboard(const std::string& variant, std::size_t limit);

  StoreSizes sizes() const;

 private:
  Store(sqlite3* db, std::string path, std::unique_ptr<QuotaVfs> vfs);
  core::Expected<bool> exec(const char* sql);
  // Creates the tables of version 0 where missing, then runs the migrations
  // the database has not had yet.
  core::Expected<bool> migrate(bool read_only);
  // Runs `body` in a transaction; when the disk limit refuses it, folds the
  // WAL and runs it once more.
  template <class Body>
  WriteResult write(Body body);
  void fill_moves(GameRecord& game);
  void fill_seats(GameRecord& game);
  // Within a transaction that stores a result: a rated game's ratings, once.
  std::string settle_ratings(const std::string& id, const std::vector<int>& places);

  // Declared first so that it outlives both connections.
  std::unique_ptr<QuotaVfs> vfs_;
  std::string path_;
  std::mutex mutex_;
  sqlite3* db_;
  std::unique_ptr<Checkpointer> checkpointer_;
};

}  // namespace server
