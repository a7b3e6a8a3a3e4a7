// The store's schema: the tables of version 0 and the numbered migrations
// after it, one list for both databases. A step's `sqlite` text is standard
// enough for both; where PostgreSQL must differ, `postgres` gives its text
// and store_migrations.cpp says why. Append only: a migration that has
// shipped is never edited.
#pragma once

#include <cstddef>

#include "server/store_db.h"

namespace server::sql {

struct Migration {
  const char* what;
  const char* sqlite;
  const char* postgres = nullptr;  // null: the same as `sqlite`

  const char* text(Dialect d) const { return d == Dialect::Postgres && postgres ? postgres : sqlite; }
};

// Version 0: the tables as they were before migrations were numbered. A new
// database starts here too and goes through every migration, so that a new
// database and a migrated one cannot differ.
const Migration& base_schema();
// migrations()[i] takes a database from version i to i + 1.
const Migration* migrations();
std::size_t migration_count();

}  // namespace server::sql
