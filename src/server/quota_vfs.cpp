#include "server/quota_vfs.h"

#include <sqlite3.h>

#include <algorithm>
#include <string_view>

namespace server {

namespace {

// Our file: the methods below, then the default VFS's own file.
struct QuotaFile {
  sqlite3_file base;
  QuotaVfs* quota;
  enum class Kind { Other, Db, Wal } kind;

  sqlite3_file* real() { return reinterpret_cast<sqlite3_file*>(this + 1); }
  const sqlite3_io_methods& io() { return *real()->pMethods; }
};
// The default VFS's file follows ours and wants 8-byte alignment.
static_assert(sizeof(QuotaFile) % 8 == 0);

QuotaFile& file(sqlite3_file* f) { return *reinterpret_cast<QuotaFile*>(f); }
QuotaVfs& quota(sqlite3_vfs* vfs) { return *static_cast<QuotaVfs*>(vfs->pAppData); }

int q_write(sqlite3_file* f, const void* data, int amount, sqlite3_int64 offset) {
  QuotaFile& q = file(f);
  const std::int64_t end = offset + amount;
  if (q.kind == QuotaFile::Kind::Wal && !q.quota->wal_may_grow_to(end)) return SQLITE_FULL;
  const int rc = q.io().xWrite(q.real(), data, amount, offset);
  if (rc != SQLITE_OK) return rc;
  if (q.kind == QuotaFile::Kind::Wal) q.quota->wal_grew_to(end);
  if (q.kind == QuotaFile::Kind::Db) q.quota->db_grew_to(end);
  return rc;
}

int q_truncate(sqlite3_file* f, sqlite3_int64 size) {
  QuotaFile& q = file(f);
  const int rc = q.io().xTruncate(q.real(), size);
  if (rc != SQLITE_OK) return rc;
  if (q.kind == QuotaFile::Kind::Wal) q.quota->set_wal(size);
  if (q.kind == QuotaFile::Kind::Db) q.quota->set_db(size);
  return rc;
}

// The rest is passed through as it is.
const sqlite3_io_methods QUOTA_IO = {
    3,
    [](sqlite3_file* f) { return file(f).io().xClose(file(f).real()); },
    [](sqlite3_file* f, void* data, int amount, sqlite3_int64 offset) {
      return file(f).io().xRead(file(f).real(), data, amount, offset);
    },
    q_write,
    q_truncate,
    [](sqlite3_file* f, int flags) { return file(f).io().xSync(file(f).real(), flags); },
    [](sqlite3_file* f, sqlite3_int64* size) { return file(f).io().xFileSize(file(f).real(), size); },
    [](sqlite3_file* f, int lock) { return file(f).io().xLock(file(f).real(), lock); },
    [](sqlite3_file* f, int lock) { return file(f).io().xUnlock(file(f).real(), lock); },
    [](sqlite3_file* f, int* out) { return file(f).io().xCheckReservedLock(file(f).real(), out); },
    [](sqlite3_file* f, int op, void* arg) { return file(f).io().xFileControl(file(f).real(), op, arg); },
    [](sqlite3_file* f) { return file(f).io().xSectorSize(file(f).real()); },
    [](sqlite3_file* f) { return file(f).io().xDeviceCharacteristics(file(f).real()); },
    [](sqlite3_file* f, int page, int size, int extend, void volatile** out) {
      if (file(f).io().iVersion < 2) return SQLITE_IOERR;
      return file(f).io().xShmMap(file(f).real(), page, size, extend, out);
    },
    [](sqlite3_file* f, int offset, int n, int flags) {
      if (file(f).io().iVersion < 2) return SQLITE_IOERR;
      return file(f).io().xShmLock(file(f).real(), offset, n, flags);
    },
    [](sqlite3_file* f) {
      if (file(f).io().iVersion >= 2) file(f).io().xShmBarrier(file(f).real());
    },
    [](sqlite3_file* f, int remove) {
      if (file(f).io().iVersion < 2) return SQLITE_OK;
      return file(f).io().xShmUnmap(file(f).real(), remove);
    },
    [](sqlite3_file* f, sqlite3_int64 offset, int amount, void** out) {
      *out = nullptr;
      if (file(f).io().iVersion < 3) return SQLITE_OK;
      return file(f).io().xFetch(file(f).real(), offset, amount, out);
    },
    [](sqlite3_file* f, sqlite3_int64 offset, void* page) {
      if (file(f).io().iVersion < 3) return SQLITE_OK;
      return file(f).io().xUnfetch(file(f).real(), offset, page);
    },
};

int q_open(sqlite3_vfs* vfs, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  QuotaFile& q = file(f);
  QuotaVfs& owner = quota(vfs);
  q.base.pMethods = nullptr;
  q.quota = &owner;
  q.kind = flags & SQLITE_OPEN_MAIN_DB ? QuotaFile::Kind::Db
           : flags & SQLITE_OPEN_WAL   ? QuotaFile::Kind::Wal
                                       : QuotaFile::Kind::Other;
  const int rc = owner.real()->xOpen(owner.real(), name, q.real(), flags, out_flags);
  if (rc != SQLITE_OK) return rc;
  sqlite3_int64 size = 0;
  if (q.kind != QuotaFile::Kind::Other && q.io().xFileSize(q.real(), &size) == SQLITE_OK)
    (q.kind == QuotaFile::Kind::Db ? owner.set_db(size) : owner.set_wal(size));
  q.base.pMethods = &QUOTA_IO;
  return SQLITE_OK;
}

int q_delete(sqlite3_vfs* vfs, const char* name, int sync_dir) {
  QuotaVfs& owner = quota(vfs);
  const int rc = owner.real()->xDelete(owner.real(), name, sync_dir);
  if (rc == SQLITE_OK && std::string_view(name).ends_with("-wal")) owner.set_wal(0);
  return rc;
}

std::atomic<int> instances{0};

}  // namespace

core::Expected<std::unique_ptr<QuotaVfs>> QuotaVfs::create(std::int64_t limit_bytes) {
  sqlite3_vfs* real = sqlite3_vfs_find(nullptr);
  if (!real) return core::error("SQLite has no default VFS");
  std::unique_ptr<QuotaVfs> q(new QuotaVfs(limit_bytes, real));
  if (sqlite3_vfs_register(q->vfs_.get(), 0) != SQLITE_OK)
    return core::error("cannot register the quota VFS");
  return q;
}

QuotaVfs::QuotaVfs(std::int64_t limit_bytes, sqlite3_vfs* real)
    : limit_(limit_bytes),
      real_(real),
      name_("chaturanga-quota-" + std::to_string(++instances)),
      vfs_(std::make_unique<sqlite3_vfs>()) {
  sqlite3_vfs& v = *vfs_;
  // The calls that take no file go straight to the default VFS.
  v = *real;
  v.iVersion = std::min(real->iVersion, 3);
  v.szOsFile = int(sizeof(QuotaFile)) + real->szOsFile;
  v.pNext = nullptr;
  v.zName = name_.c_str();
  v.pAppData = this;
  v.xOpen = q_open;
  v.xDelete = q_delete;
  v.xAccess = [](sqlite3_vfs* vfs, const char* name, int flags, int* out) {
    return quota(vfs).real()->xAccess(quota(vfs).real(), name, flags, out);
  };
  v.xFullPathname = [](sqlite3_vfs* vfs, const char* name, int n, char* out) {
    return quota(vfs).real()->xFullPathname(quota(vfs).real(), name, n, out);
  };
  v.xRandomness = [](sqlite3_vfs* vfs, int n, char* out) {
    return quota(vfs).real()->xRandomness(quota(vfs).real(), n, out);
  };
  v.xSleep = [](sqlite3_vfs* vfs, int us) { return quota(vfs).real()->xSleep(quota(vfs).real(), us); };
  v.xCurrentTime = [](sqlite3_vfs* vfs, double* out) {
    return quota(vfs).real()->xCurrentTime(quota(vfs).real(), out);
  };
  v.xGetLastError = [](sqlite3_vfs* vfs, int n, char* out) {
    return quota(vfs).real()->xGetLastError(quota(vfs).real(), n, out);
  };
  if (v.iVersion >= 2)
    v.xCurrentTimeInt64 = [](sqlite3_vfs* vfs, sqlite3_int64* out) {
      return quota(vfs).real()->xCurrentTimeInt64(quota(vfs).real(), out);
    };
  // Extension loading and system-call overrides keep the default VFS's
  // entries: the store loads no extension and overrides no system call.
}

QuotaVfs::~QuotaVfs() { sqlite3_vfs_unregister(vfs_.get()); }

bool QuotaVfs::wal_may_grow_to(std::int64_t end) const {
  const std::int64_t wal = wal_bytes();
  return limit_ <= 0 || end <= wal || db_bytes() + end <= limit_;
}

void QuotaVfs::raise(std::atomic<std::int64_t>& value, std::int64_t end) {
  std::int64_t seen = value.load();
  while (seen < end && !value.compare_exchange_weak(seen, end)) {
  }
}

}  // namespace server
