// The store's connection to PostgreSQL through libpq: one connection,
// parameters sent as text and read back as text (the store's values are
// names, numbers and short lists, so the binary format would save little),
// and the store's `?`/`?N` parameters rewritten as PostgreSQL's `$N`.
// A connection that broke is opened again before the next transaction.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/expected.h"
#include "server/store_db.h"

namespace server::sql {

// The first key of the advisory lock each live server run holds on its
// store connection (pg_advisory_lock(RUN_LOCK_CLASS, run)); pg_locks lists
// them as classid RUN_LOCK_CLASS, objid the run, objsubid 2.
constexpr int RUN_LOCK_CLASS = 7305;
// The advisory lock every change to the lobby's seeks takes for its
// transaction (pg_advisory_xact_lock(LOBBY_LOCK_CLASS, 1)).
constexpr int LOBBY_LOCK_CLASS = 7306;

// Connects to `uri` (postgresql://user@host:port/db?...). With
// `options.read_only` every transaction is read-only (writes fail as on a
// read-only SQLite file).
core::Expected<std::unique_ptr<Connection>> open_postgres(const std::string& uri,
                                                          const StoreOptions& options);

// The URI as it may be shown: without its password.
std::string redact_uri(const std::string& uri);

// `?` and `?N` parameters as `$N` (SQLite numbers a bare `?` one past the
// largest number so far); text in quotes is left as it is.
std::string postgres_parameters(const std::string& sql);

}  // namespace server::sql
