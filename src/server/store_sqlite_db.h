// The store's connection to a SQLite file (WAL), through the quota VFS that
// counts (and may limit) the bytes of the database and its WAL, with the
// checkpointer that folds the WAL on a thread of its own (checkpointer.h).
#pragma once

#include <memory>
#include <string>

#include "core/expected.h"
#include "server/store_db.h"

namespace server::sql {

// Opens (or creates) the file at `path` (":memory:" for tests), with
// SQLite's settings: WAL, synchronous NORMAL, foreign keys. The schema is
// not touched.
core::Expected<std::unique_ptr<Connection>> open_sqlite(const std::string& path, const StoreOptions& options);

// Once the schema is migrated: the page limit and the checkpointer, which
// the connection owns from then on. `db` is what open_sqlite returned.
core::Expected<bool> start_sqlite_upkeep(Connection& db, const StoreOptions& options);

}  // namespace server::sql
