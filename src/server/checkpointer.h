// Folds the store's write-ahead log into the database while the server
// runs, on a thread of its own with a second connection, so that no commit
// waits for a checkpoint:
// - a commit that leaves `wake_frames` frames or more in the WAL wakes the
//   thread (SQLite's WAL hook, which takes the place of its automatic
//   checkpoint), and the thread also runs every `every`;
// - each run is PASSIVE, which never blocks a writer; once the whole WAL is
//   folded and no commit came for `idle`, or the database file and the WAL
//   together hold more than the disk limit, a TRUNCATE empties the file;
// - should the thread fall behind, the committing connection folds the WAL
//   itself past `inline_frames` (as SQLite's automatic checkpoint does, but
//   waiting for the thread's checkpoint to end rather than giving up);
// - the writer's journal_size_limit (`keep_bytes`) cuts a WAL that was
//   reused from its start back to that size at its next commit.
// So the WAL holds at most about `inline_frames` pages plus one commit.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/expected.h"

struct sqlite3;

namespace server {

class QuotaVfs;

struct CheckpointOptions {
  std::chrono::milliseconds every{1000};
  int wake_frames = 256;
  int inline_frames = 1024;
  std::int64_t keep_bytes = 4 << 20;
  std::chrono::milliseconds idle{1000};
};

class Checkpointer {
 public:
  // `writer` is the store's connection; the checkpointer opens its own on
  // `path` through `quota`'s VFS.
  static core::Expected<std::unique_ptr<Checkpointer>> start(sqlite3* writer, const std::string& path,
                                                             const QuotaVfs& quota,
                                                             CheckpointOptions options);
  // Stops the thread and empties the WAL.
  ~Checkpointer();
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;

  // Checkpoints that folded the whole WAL, by either connection.
  std::int64_t completed() const { return completed_.load(); }
  // Folds and empties the WAL at once through the writer's connection, for
  // a write that found no room; the caller holds the writer (no
  // transaction open). False if it could not (a reader in the way).
  bool fold_now();

 private:
  Checkpointer(sqlite3* writer, sqlite3* own, const QuotaVfs& quota, CheckpointOptions options);
  static int on_commit(void* self, sqlite3* db, const char* name, int frames);
  void loop();
  void run_once();
  bool idle() const;

  sqlite3* writer_;
  sqlite3* own_;
  const QuotaVfs& quota_;
  CheckpointOptions options_;
  std::atomic<std::int64_t> completed_{0};
  std::atomic<std::int64_t> last_commit_ns_{0};

  // Held through every checkpoint, by either connection.
  std::mutex fold_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool woken_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace server
