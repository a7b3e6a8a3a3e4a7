// Who decides a game when several processes share one PostgreSQL database
// (store.h, "Who decides a game"; docs/deploy.md): the run that stored the
// game's last change, recorded in games.decider with that change. A run is
// live while its store connection holds its advisory lock (store_pg_db.h:
// RUN_LOCK_CLASS), which PostgreSQL lets go as soon as the session ends, a
// kill -9 included; the games of a run that stopped are taken over, each by
// exactly one other run: the conditional UPDATE re-reads a row another run
// took meanwhile and passes it by.
#include "server/store_pg_db.h"
#include "server/store_sql_store.h"

namespace server {

using sql::run;
using sql::Statement;

namespace {

// The runs whose process is alive: those whose lock a session of this database holds.
const std::string LIVE_RUNS =
    "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid = " +
    std::to_string(sql::RUN_LOCK_CLASS) +
    " AND objsubid = 2 AND granted AND database = (SELECT oid FROM pg_database "
    "WHERE datname = current_database())";

}  // namespace

bool SqlStore::shared() const { return db_->dialect() == sql::Dialect::Postgres; }

std::string SqlStore::decided_here(const std::string& id) {
  if (!shared() || run_ < 0) return "";
  Statement st(*db_, "UPDATE games SET decider = ?1 WHERE id = ?2 AND decider IS DISTINCT FROM ?1");
  st.bind(1, run_).bind(2, id);
  return run(st);
}

bool SqlStore::take_decision(const std::string& id) {
  if (!shared()) return true;
  if (run_ < 0) return false;
  std::lock_guard lock(mutex_);
  bool taken = false;
  const WriteResult written = write([&]() -> std::string {
    taken = false;
    const std::string sql =
        "UPDATE games SET decider = ?1 WHERE id = ?2 AND (decider IS NULL OR decider = ?1 OR "
        "decider NOT IN (" +
        LIVE_RUNS + ")) RETURNING id";
    Statement st(*db_, sql.c_str());
    st.bind(1, run_).bind(2, id);
    if (!st.ok()) return st.error();
    sql::Step step = sql::Step::Row;
    while ((step = st.step()) == sql::Step::Row) taken = true;
    return step == sql::Step::Done ? "" : st.error();
  });
  return written && taken;
}

std::vector<std::string> SqlStore::take_orphans() {
  std::vector<std::string> ids;
  if (!shared() || run_ < 0) return ids;
  std::lock_guard lock(mutex_);
  const WriteResult written = write([&]() -> std::string {
    ids.clear();
    const std::string sql =
        "UPDATE games SET decider = ?1 WHERE result = '*' AND decider IS NOT NULL AND decider != ?1 AND "
        "decider "
        "NOT IN (" +
        LIVE_RUNS +
        ") RETURNING id, CASE WHEN bot_to_move IS NULL OR bot_to_move != 0 OR "
        "clock_since_ms IS NOT NULL THEN 1 ELSE 0 END";
    Statement st(*db_, sql.c_str());
    st.bind(1, run_);
    if (!st.ok()) return st.error();
    sql::Step step = sql::Step::Row;
    while ((step = st.step()) == sql::Step::Row)
      if (st.integer(1) != 0) ids.push_back(st.text(0));
    return step == sql::Step::Done ? "" : st.error();
  });
  if (!written) ids.clear();
  return ids;
}

std::optional<GameStamp> SqlStore::stamp(const std::string& id) {
  if (!shared()) return std::nullopt;
  std::lock_guard lock(mutex_);
  Statement st(
      *db_,
      "SELECT (SELECT count(*) FROM moves WHERE game_id = ?1), result, "
      "(SELECT count(*) FROM seats WHERE game_id = ?1 AND kind = 'open'), offers FROM games WHERE id = ?1");
  st.bind(1, id);
  if (!st.row()) return std::nullopt;
  return GameStamp{int(st.integer(0)), st.text(1), int(st.integer(2)), st.text(3)};
}

}  // namespace server
