// The lobby's seeks as the processes on one database share them (store.h,
// change_seeks): every change to the lobby holds one lock for the whole
// lobby (on PostgreSQL a transaction-scoped advisory lock; SQLite's write
// transaction is the file's one writer), reads the seeks, lets the lobby
// change them, writes back only the documents that differ, and tells the
// other processes with the commit.
#include "server/store_pg_db.h"
#include "server/store_sql_store.h"

namespace server {

using sql::run;
using sql::Statement;

std::string SqlStore::read_seeks(SeekDocuments& docs) {
  docs.clear();
  Statement st(*db_, "SELECT id, document FROM seeks");
  if (!st.ok()) return st.error();
  sql::Step step = sql::Step::Row;
  while ((step = st.step()) == sql::Step::Row) docs.emplace(st.text(0), st.text(1));
  return step == sql::Step::Done ? "" : st.error();
}

std::optional<SeekDocuments> SqlStore::seeks() {
  std::lock_guard lock(mutex_);
  SeekDocuments docs;
  if (!read_seeks(docs).empty()) return std::nullopt;
  return docs;
}

WriteResult SqlStore::change_seeks(const std::function<std::string(SeekDocuments&)>& change) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    if (shared()) {
      Statement st(*db_, "SELECT pg_advisory_xact_lock(" + std::to_string(sql::LOBBY_LOCK_CLASS) + ", 1)");
      if (!st.row()) return st.error();
    }
    SeekDocuments before;
    if (auto e = read_seeks(before); !e.empty()) return e;
    SeekDocuments after = before;
    if (auto e = change(after); !e.empty()) return e;
    bool changed = false;
    for (const auto& [id, doc] : before)
      if (!after.contains(id)) {
        Statement st(*db_, "DELETE FROM seeks WHERE id = ?");
        st.bind(1, id);
        if (auto e = run(st); !e.empty()) return e;
        changed = true;
      }
    for (const auto& [id, doc] : after) {
      const auto was = before.find(id);
      if (was != before.end() && was->second == doc) continue;
      Statement st(*db_,
                   "INSERT INTO seeks (id, document) VALUES (?1, ?2) "
                   "ON CONFLICT (id) DO UPDATE SET document = excluded.document");
      st.bind(1, id).bind(2, doc);
      if (auto e = run(st); !e.empty()) return e;
      changed = true;
    }
    if (!changed || !shared()) return "";
    Statement notify(*db_, std::string("SELECT pg_notify('") + sql::CHANGES_CHANNEL + "', ?)");
    notify.bind(1, origin_ + " " + sql::SEEKS_CHANGED);
    return notify.row() ? "" : notify.error();
  });
}

void SqlStore::on_seeks_elsewhere(std::function<void()> on_change) {
  std::lock_guard lock(handlers_mutex_);
  seeks_changed_ = std::move(on_change);
}

}  // namespace server
