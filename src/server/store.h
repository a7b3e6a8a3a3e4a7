// Games, seats and moves in SQLite (WAL). Every call is one transaction and
// returns only once it is committed, so the caller may acknowledge after it.
// One connection behind a mutex: commits are short and serialised anyway.
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

struct sqlite3;

namespace server {

struct SeatRecord {
  std::string name;   // "white"
  std::string kind;   // "human", "open", "bot:3"
  std::string token;  // secret of a human seat; empty otherwise
};

// A write that did not commit, and why: the caller answers 507 for a full
// disk, 503 for a read-only database and 500 for anything else.
struct WriteResult {
  enum class Fault { None, Full, ReadOnly, Other };
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
};

class Store {
 public:
  // Opens or creates the database at `path` (":memory:" for tests).
  static core::Expected<std::unique_ptr<Store>> open(const std::string& path, StoreOptions options = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  WriteResult insert_game(const GameRecord& game);
  // Appends the move at index `ply` and, if the game ended, its result.
  WriteResult append_move(const std::string& id, int ply, const std::string& move, const std::string& result,
                          const std::string& reason);
  // Drops the moves from index `ply` on and records the result after that.
  WriteResult truncate_moves(const std::string& id, int ply, const std::string& result,
                             const std::string& reason);
  WriteResult set_result(const std::string& id, const std::string& result, const std::string& reason);
  WriteResult set_seat(const std::string& id, const SeatRecord& seat);

  std::optional<GameRecord> load(const std::string& id);
  std::vector<GameRecord> load_unfinished();

  StoreSizes sizes() const;

 private:
  Store(sqlite3* db, std::string path, std::unique_ptr<QuotaVfs> vfs);
  core::Expected<bool> exec(const char* sql);
  // Runs `body` in a transaction; when the disk limit refuses it, folds the
  // WAL and runs it once more.
  template <class Body>
  WriteResult write(Body body);
  void fill_moves(GameRecord& game);
  void fill_seats(GameRecord& game);

  // Declared first so that it outlives both connections.
  std::unique_ptr<QuotaVfs> vfs_;
  std::string path_;
  std::mutex mutex_;
  sqlite3* db_;
  std::unique_ptr<Checkpointer> checkpointer_;
};

}  // namespace server
