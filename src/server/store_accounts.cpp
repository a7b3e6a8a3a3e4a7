// The store's accounts: registration, sessions (kept by their hash only),
// seats claimed with their tokens, and the games of an account.
#include "server/store_sql_store.h"

namespace server {

using sql::run;
using sql::Statement;

WriteResult SqlStore::insert_account(AccountRecord& account) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(*db_,
                 "INSERT INTO accounts (username, password_hash, created_ms) VALUES (?, ?, ?) RETURNING id");
    st.bind(1, account.username).bind(2, account.password_hash).bind(3, account.created_ms);
    if (!st.ok() || !st.row()) return st.error();
    account.id = st.integer(0);
    return st.step() == sql::Step::Done ? "" : st.error();
  });
}

std::optional<AccountRecord> SqlStore::account_by_name(const std::string& username) {
  std::lock_guard lock(mutex_);
  Statement st(*db_, "SELECT id, username, password_hash, created_ms FROM accounts WHERE username = ?");
  st.bind(1, username);
  if (!st.row()) return std::nullopt;
  return AccountRecord{st.integer(0), st.text(1), st.text(2), st.integer(3)};
}

WriteResult SqlStore::insert_session(const std::string& id_hash, std::int64_t account_id, std::int64_t now_ms,
                                     std::int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement old(*db_, "DELETE FROM sessions WHERE expires_ms <= ?");
    old.bind(1, now_ms);
    if (auto e = run(old); !e.empty()) return e;
    Statement st(*db_,
                 "INSERT INTO sessions (id_hash, account_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)");
    st.bind(1, id_hash).bind(2, account_id).bind(3, now_ms).bind(4, expires_ms);
    return run(st);
  });
}

std::optional<AccountRecord> SqlStore::session_account(const std::string& id_hash, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement st(*db_,
               "SELECT a.id, a.username, a.created_ms FROM sessions s JOIN accounts a ON a.id = s.account_id "
               "WHERE s.id_hash = ? AND s.expires_ms > ?");
  st.bind(1, id_hash).bind(2, now_ms);
  if (!st.row()) return std::nullopt;
  return AccountRecord{st.integer(0), st.text(1), "", st.integer(2)};
}

WriteResult SqlStore::delete_session(const std::string& id_hash) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(*db_, "DELETE FROM sessions WHERE id_hash = ?");
    st.bind(1, id_hash);
    return run(st);
  });
}

WriteResult SqlStore::claim_seats(std::int64_t account_id, const std::vector<std::string>& tokens,
                                  std::vector<ClaimedSeat>& claimed) {
  std::lock_guard lock(mutex_);
  std::vector<ClaimedSeat> found;
  WriteResult written = write([&]() -> std::string {
    found.clear();
    for (const std::string& token : tokens) {
      if (token.empty()) continue;
      Statement st(*db_,
                   "UPDATE seats SET account_id = ? WHERE token = ? AND account_id IS NULL "
                   "RETURNING game_id, idx, name");
      st.bind(1, account_id).bind(2, token);
      if (!st.ok()) return st.error();
      sql::Step step = sql::Step::Row;
      while ((step = st.step()) == sql::Step::Row)
        found.push_back({st.text(0), int(st.integer(1)), st.text(2)});
      if (step != sql::Step::Done) return st.error();
    }
    return "";
  });
  if (written) claimed = std::move(found);
  return written;
}

std::string SqlStore::account_settings(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  Statement st(*db_, "SELECT settings FROM accounts WHERE id = ?");
  st.bind(1, account_id);
  return st.row() ? st.text(0) : "{}";
}

WriteResult SqlStore::save_account_settings(std::int64_t account_id, const std::string& settings_json) {
  std::lock_guard lock(mutex_);
  return write([&]() -> std::string {
    Statement st(*db_, "UPDATE accounts SET settings = ? WHERE id = ?");
    st.bind(1, settings_json).bind(2, account_id);
    return run(st);
  });
}

std::vector<std::string> SqlStore::games_of(std::int64_t account_id, std::size_t offset, std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement st(*db_,
               "SELECT g.id FROM games g WHERE g.id IN (SELECT game_id FROM seats WHERE account_id = ?) "
               "ORDER BY g.created_ms DESC, g.id LIMIT ? OFFSET ?");
  st.bind(1, account_id).bind(2, std::int64_t(limit)).bind(3, std::int64_t(offset));
  std::vector<std::string> ids;
  while (st.row()) ids.push_back(st.text(0));
  return ids;
}

}  // namespace server
