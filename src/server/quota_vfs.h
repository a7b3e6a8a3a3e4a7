// A SQLite VFS over the default one that counts the bytes of one database
// file and of its WAL as they lie on the disk, and refuses (SQLITE_FULL, as
// a full disk does) a write that would grow the WAL past a limit on the two
// together. Only the WAL's growth is refused: the database file grows only
// when a checkpoint copies pages into it that the WAL already holds, and a
// checkpoint that failed for lack of room would leave the WAL unfoldable.
// Each instance registers its own VFS name, so two stores do not share one
// count; it must outlive every connection opened through it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "core/expected.h"

struct sqlite3_vfs;

namespace server {

class QuotaVfs {
 public:
  // `limit_bytes` <= 0: count only, never refuse.
  static core::Expected<std::unique_ptr<QuotaVfs>> create(std::int64_t limit_bytes);
  ~QuotaVfs();
  QuotaVfs(const QuotaVfs&) = delete;
  QuotaVfs& operator=(const QuotaVfs&) = delete;

  // The name to pass to sqlite3_open_v2.
  const char* name() const { return name_.c_str(); }
  std::int64_t limit() const { return limit_; }
  std::int64_t db_bytes() const { return db_bytes_.load(); }
  std::int64_t wal_bytes() const { return wal_bytes_.load(); }
  // Whether the two files together hold more than the limit (a checkpoint
  // has just copied the WAL's pages into the database file).
  bool over() const { return limit_ > 0 && db_bytes() + wal_bytes() > limit_; }

  // For the file methods (quota_vfs.cpp): may the WAL grow to `end` bytes?
  bool wal_may_grow_to(std::int64_t end) const;
  void wal_grew_to(std::int64_t end) { raise(wal_bytes_, end); }
  void db_grew_to(std::int64_t end) { raise(db_bytes_, end); }
  void set_wal(std::int64_t bytes) { wal_bytes_ = bytes; }
  void set_db(std::int64_t bytes) { db_bytes_ = bytes; }
  sqlite3_vfs* real() const { return real_; }

 private:
  QuotaVfs(std::int64_t limit_bytes, sqlite3_vfs* real);
  static void raise(std::atomic<std::int64_t>& value, std::int64_t end);

  std::int64_t limit_;
  sqlite3_vfs* real_;
  std::string name_;
  std::unique_ptr<sqlite3_vfs> vfs_;
  std::atomic<std::int64_t> db_bytes_{0};
  std::atomic<std::int64_t> wal_bytes_{0};
};

}  // namespace server
