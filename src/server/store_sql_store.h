// The Store over a database connection (store_db.h): every query written
// once, for SQLite and PostgreSQL alike, each write in a transaction of its
// own. One connection behind a mutex: commits are short and serialised.
// Sources: store.cpp (opening, migrating, games), store_accounts.cpp
// (accounts, sessions, seats claimed), store_ratings.cpp (ratings,
// leaderboard, history), store_deciders.cpp (who decides a game),
// store_seeks.cpp (the shared lobby's seeks).
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "server/store.h"
#include "server/store_db.h"
#include "server/store_pg_listen.h"

namespace server {

class SqlStore final : public Store {
 public:
  // Takes the connection and migrates its database to the latest version;
  // a read-only one must be there already.
  static core::Expected<std::unique_ptr<SqlStore>> create(std::unique_ptr<sql::Connection> db,
                                                          bool read_only);
  ~SqlStore() override;
  // PostgreSQL: listens at `uri` for the changes other processes store
  // (store_pg_listen.h), on a connection of its own.
  void listen_for_changes(const std::string& uri);
  void on_changes_elsewhere(std::function<void(const std::string&)> on_change) override;

  WriteResult insert_game(const GameRecord& game) override;
  WriteResult append_move(const std::string& id, int ply, const std::string& move, const std::string& result,
                          const std::string& reason, bool bot_to_move, const std::vector<int>& places,
                          const ClockRecord* clock) override;
  WriteResult truncate_moves(const std::string& id, int ply, const std::string& result,
                             const std::string& reason, bool bot_to_move, const ClockRecord* clock) override;
  WriteResult set_result(const std::string& id, const std::string& result, const std::string& reason,
                         const std::vector<int>& places, const ClockRecord* clock) override;
  WriteResult set_seat(const std::string& id, const SeatRecord& seat, const ClockRecord* clock) override;
  WriteResult set_offers(const std::string& id, int ply, const std::string& before, const std::string& after,
                         bool finished) override;
  WriteResult insert_rematch(const GameRecord& game, const std::string& old_id, int ply,
                             const std::string& before, const std::string& after) override;
  core::Expected<std::int64_t> begin_run(std::int64_t now_ms, std::vector<ServerRun>& earlier) override;
  WriteResult alive(std::int64_t run, std::int64_t now_ms) override;
  std::optional<GameRecord> load(const std::string& id) override;
  ResumePage games_to_resume(const std::string& after_id, std::size_t limit) override;
  WriteResult set_bot_to_move(const std::string& id, bool bot_to_move) override;
  int version() override;

  WriteResult insert_account(AccountRecord& account) override;
  std::optional<AccountRecord> account_by_name(const std::string& username) override;
  WriteResult insert_session(const std::string& id_hash, std::int64_t account_id, std::int64_t now_ms,
                             std::int64_t expires_ms) override;
  std::optional<AccountRecord> session_account(const std::string& id_hash, std::int64_t now_ms) override;
  WriteResult delete_session(const std::string& id_hash) override;
  WriteResult claim_seats(std::int64_t account_id, const std::vector<std::string>& tokens,
                          std::vector<ClaimedSeat>& claimed) override;
  std::string account_settings(std::int64_t account_id) override;
  WriteResult save_account_settings(std::int64_t account_id, const std::string& settings_json) override;
  std::vector<std::string> games_of(std::int64_t account_id, std::size_t offset, std::size_t limit) override;

  std::vector<RatingRecord> ratings_of(std::int64_t account_id) override;
  std::vector<RatingPoint> rating_history(std::int64_t account_id, std::size_t limit) override;
  std::vector<LeaderRow> leaderboard(const std::string& variant, std::size_t limit) override;

  StoreSizes sizes() const override;

  // store_deciders.cpp
  bool shared() const override;
  bool take_decision(const std::string& id) override;
  std::vector<std::string> take_orphans() override;
  std::optional<GameStamp> stamp(const std::string& id) override;

  // store_seeks.cpp
  std::optional<SeekDocuments> seeks() override;
  WriteResult change_seeks(const std::function<std::string(SeekDocuments&)>& change) override;
  void on_seeks_elsewhere(std::function<void()> on_change) override;

 private:
  explicit SqlStore(std::unique_ptr<sql::Connection> db);
  // Creates the tables of version 0 where missing, then runs the migrations
  // the database has not had yet, each in a transaction of its own.
  core::Expected<bool> migrate(bool read_only);
  // Runs `body` in a transaction; when a full disk refuses it and the
  // connection can make room, runs it once more.
  template <class Body>
  WriteResult write(Body body) {
    WriteResult result = sql::transaction(*db_, body);
    if (result.fault != WriteResult::Fault::Full || !db_->make_room()) return result;
    return sql::transaction(*db_, body);
  }
  // Within a transaction that changes game `id`: tells the other processes
  // (PostgreSQL's NOTIFY, sent with the commit) and makes this run its
  // decider, unless `locked`: lock_unfinished already did; nothing on SQLite.
  std::string notify_change(const std::string& id, bool locked = false);
  // Within a transaction that changes game `id`: waits for any other
  // process's change to it to commit (PostgreSQL), then "" if the game is
  // still unfinished, so that a copy that missed an ending stored elsewhere
  // changes nothing. A run's write records the run as the game's decider
  // in the same statement (decided_here), and every write ends the game's
  // offers there too.
  std::string lock_unfinished(const std::string& id);
  // Within a transaction: this run decides game `id` (on a shared database).
  std::string decided_here(const std::string& id);
  // The bodies of insert_game and set_offers, within a transaction.
  std::string insert_game_locked(const GameRecord& game);
  std::string set_offers_locked(const std::string& id, int ply, const std::string& before,
                                const std::string& after, bool finished);
  // Within a transaction: the seeks as stored.
  std::string read_seeks(SeekDocuments& docs);
  // The listener's reports, passed to the games' handler or the seeks'.
  void heard_elsewhere(const std::string& what);
  void fill_moves(GameRecord& game);
  void fill_seats(GameRecord& game);
  // Within a transaction that stores a result: a rated game's ratings, once.
  std::string settle_ratings(const std::string& id, const std::vector<int>& places);

  mutable std::mutex mutex_;
  std::unique_ptr<sql::Connection> db_;
  // What this store's notifications begin with, so that its listener passes them over.
  std::string origin_;
  std::unique_ptr<sql::ChangeListener> listener_;
  std::mutex handlers_mutex_;  // held while a handler runs, so that replacing one waits for it
  std::function<void(const std::string&)> games_changed_;
  std::function<void()> seeks_changed_;
  // This process's run (begin_run), -1 before it.
  std::int64_t run_ = -1;
};

}  // namespace server
