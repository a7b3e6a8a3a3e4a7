#include "server/checkpointer.h"

#include <sqlite3.h>

#include "server/quota_vfs.h"

namespace server {

namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A connection that has not read the database has not opened its WAL
// either, and a checkpoint through it folds nothing and still answers
// SQLITE_OK (with -1 frames): reading sqlite_master opens it.
bool open_wal(sqlite3* db) {
  if (sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr) != SQLITE_OK)
    return false;
  int frames = -1;
  int folded = -1;
  return sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &frames, &folded) == SQLITE_OK &&
         frames >= 0;
}

}  // namespace

core::Expected<std::unique_ptr<Checkpointer>> Checkpointer::start(sqlite3* writer, const std::string& path,
                                                                  const QuotaVfs& quota,
                                                                  CheckpointOptions options) {
  const std::string keep = "PRAGMA journal_size_limit = " + std::to_string(options.keep_bytes);
  if (sqlite3_exec(writer, keep.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    return core::error(std::string("cannot limit the WAL's size: ") + sqlite3_errmsg(writer));
  sqlite3* own = nullptr;
  if (sqlite3_open_v2(path.c_str(), &own, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, quota.name()) !=
          SQLITE_OK ||
      !open_wal(own)) {
    std::string why = own ? sqlite3_errmsg(own) : "out of memory";
    sqlite3_close(own);
    return core::error("cannot open a second connection for checkpoints: " + why);
  }
  // A TRUNCATE waits this long at most for a commit under way.
  sqlite3_busy_timeout(own, 200);
  std::unique_ptr<Checkpointer> c(new Checkpointer(writer, own, quota, options));
  sqlite3_wal_hook(writer, &Checkpointer::on_commit, c.get());
  c->thread_ = std::thread([self = c.get()] { self->loop(); });
  return c;
}

Checkpointer::Checkpointer(sqlite3* writer, sqlite3* own, const QuotaVfs& quota, CheckpointOptions options)
    : writer_(writer), own_(own), quota_(quota), options_(options), last_commit_ns_(now_ns()) {}

Checkpointer::~Checkpointer() {
  sqlite3_wal_hook(writer_, nullptr, nullptr);
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  std::lock_guard fold(fold_mutex_);
  sqlite3_busy_timeout(own_, 5000);
  sqlite3_wal_checkpoint_v2(own_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
  sqlite3_close(own_);
}

// Runs on the writer's thread once its commit is done. Past inline_frames
// the thread has fallen behind (a checkpoint of its own is still copying
// and syncing while the writer appends): the writer then waits for it (on
// fold_mutex_: SQLite answers BUSY at once, without the busy handler, to a
// checkpoint while another runs) and folds the rest itself, RESTART so that
// its next commit reuses the WAL from the start. Being the only writer, it
// appends nothing meanwhile, which is what bounds the WAL.
int Checkpointer::on_commit(void* arg, sqlite3* db, const char* name, int frames) {
  auto& self = *static_cast<Checkpointer*>(arg);
  self.last_commit_ns_ = now_ns();
  if (frames >= self.options_.inline_frames) {
    int log = -1;
    int folded = -1;
    std::lock_guard fold(self.fold_mutex_);
    if (sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_RESTART, &log, &folded) == SQLITE_OK &&
        log >= 0 && folded == log)
      ++self.completed_;
  } else if (frames >= self.options_.wake_frames) {
    {
      std::lock_guard lock(self.mutex_);
      self.woken_ = true;
    }
    self.wake_.notify_one();
  }
  return SQLITE_OK;
}

bool Checkpointer::fold_now() {
  std::lock_guard fold(fold_mutex_);
  int log = -1;
  int folded = -1;
  const bool ok =
      sqlite3_wal_checkpoint_v2(writer_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, &log, &folded) == SQLITE_OK &&
      folded == log;
  if (ok) ++completed_;
  return ok;
}

bool Checkpointer::idle() const {
  return now_ns() - last_commit_ns_.load() >=
         std::chrono::duration_cast<std::chrono::nanoseconds>(options_.idle).count();
}

void Checkpointer::loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, options_.every, [this] { return stopping_ || woken_; });
    if (stopping_) break;
    woken_ = false;
    lock.unlock();
    run_once();
    lock.lock();
  }
}

void Checkpointer::run_once() {
  std::lock_guard fold(fold_mutex_);
  int log = -1;
  int folded = -1;
  if (sqlite3_wal_checkpoint_v2(own_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &folded) != SQLITE_OK) return;
  // -1: the WAL was closed under us (cannot happen while the writer is
  // open, but a checkpoint that folds nothing must not pass for one).
  if (log < 0) {
    open_wal(own_);
    return;
  }
  if (folded < log) return;
  if (log > 0) ++completed_;
  if ((idle() && quota_.wal_bytes() > 0) || quota_.over())
    sqlite3_wal_checkpoint_v2(own_, nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
}

}  // namespace server
