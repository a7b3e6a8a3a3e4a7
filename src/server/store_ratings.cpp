// The store's ratings: settled inside the transaction of a rated game's
// result (Glicko-2, server/ratings/), read for profiles and leaderboards.
#include <algorithm>
#include <chrono>

#include "server/ratings/standings.h"
#include "server/store_sql_store.h"

namespace server {

using sql::run;
using sql::Statement;

namespace {

struct Player {
  std::int64_t account_id;
  int place;
  ratings::Glicko before;
  int games;
};

std::int64_t wall_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The rated game's players, one per seat an account holds, with their
// ratings before it; an error when `places` does not give every seat's.
std::string read_players(sql::Connection& db, const std::string& id, const std::string& variant,
                         const std::vector<int>& places, std::vector<Player>& players) {
  Statement seats(db, "SELECT idx, account_id FROM seats WHERE game_id = ? ORDER BY idx");
  seats.bind(1, id);
  std::size_t count = 0;
  while (seats.row()) {
    ++count;
    if (!seats.null(1)) players.push_back({seats.integer(1), int(seats.integer(0)), {}, 0});
  }
  if (places.size() != count)
    return "rated game " + id + " ended without the finishing place of each of its " + std::to_string(count) +
           " seats";
  for (Player& p : players) {
    p.place = places[std::size_t(p.place)];
    Statement st(db,
                 "SELECT rating, rd, volatility, games FROM ratings WHERE account_id = ? AND variant = ?");
    st.bind(1, p.account_id).bind(2, variant);
    if (st.row()) {
      p.before = {st.real(0), st.real(1), st.real(2)};
      p.games = int(st.integer(3));
    }
  }
  return "";
}

std::string write_rating(sql::Connection& db, const std::string& id, const std::string& variant,
                         const Player& p, const ratings::Glicko& after, std::int64_t now) {
  Statement st(
      db,
      "INSERT INTO ratings (account_id, variant, rating, rd, volatility, games) VALUES (?, ?, ?, ?, ?, 1) "
      "ON CONFLICT (account_id, variant) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
      "volatility = excluded.volatility, games = ratings.games + 1");
  st.bind(1, p.account_id).bind(2, variant).bind(3, after.rating).bind(4, after.rd).bind(5, after.volatility);
  if (auto e = run(st); !e.empty()) return e;
  Statement history(db,
                    "INSERT INTO rating_history (account_id, variant, game_id, rating, rd, at_ms) VALUES (?, "
                    "?, ?, ?, ?, ?)");
  history.bind(1, p.account_id)
      .bind(2, variant)
      .bind(3, id)
      .bind(4, after.rating)
      .bind(5, after.rd)
      .bind(6, now);
  return run(history);
}

}  // namespace

std::string SqlStore::settle_ratings(const std::string& id, const std::vector<int>& places) {
  Statement game(*db_, "SELECT rated, variant FROM games WHERE id = ?");
  game.bind(1, id);
  if (!game.row() || game.integer(0) == 0) return "";
  const std::string variant = game.text(1);
  // Settled once: a result stored again (it cannot be, but) rates nothing twice.
  Statement done(*db_, "SELECT 1 FROM rating_history WHERE game_id = ? LIMIT 1");
  done.bind(1, id);
  if (done.row()) return "";
  std::vector<Player> players;
  if (auto e = read_players(*db_, id, variant, places, players); !e.empty()) return e;
  if (players.size() < 2) return "";
  std::vector<ratings::Glicko> before;
  std::vector<int> ranks;
  for (const Player& p : players) {
    before.push_back(p.before);
    ranks.push_back(p.place);
  }
  const std::vector<ratings::Glicko> after = ratings::rate_by_places(before, ranks);
  const std::int64_t now = wall_ms();
  for (std::size_t i = 0; i < players.size(); ++i)
    if (auto e = write_rating(*db_, id, variant, players[i], after[i], now); !e.empty()) return e;
  return "";
}

std::vector<RatingRecord> SqlStore::ratings_of(std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  Statement st(
      *db_,
      "SELECT variant, rating, rd, volatility, games FROM ratings WHERE account_id = ? ORDER BY variant");
  st.bind(1, account_id);
  std::vector<RatingRecord> out;
  while (st.row()) out.push_back({st.text(0), {st.real(1), st.real(2), st.real(3)}, int(st.integer(4))});
  return out;
}

std::vector<RatingPoint> SqlStore::rating_history(std::int64_t account_id, std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement st(*db_,
               "SELECT variant, game_id, rating, rd, at_ms FROM rating_history WHERE account_id = ? "
               "ORDER BY at_ms DESC, rowid DESC LIMIT ?");
  st.bind(1, account_id).bind(2, std::int64_t(limit));
  std::vector<RatingPoint> out;
  while (st.row()) out.push_back({st.text(0), st.text(1), st.real(2), st.real(3), st.integer(4)});
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<LeaderRow> SqlStore::leaderboard(const std::string& variant, std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement st(
      *db_,
      "SELECT a.username, r.rating, r.rd, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id "
      "WHERE r.variant = ? ORDER BY r.rating DESC, a.username LIMIT ?");
  st.bind(1, variant).bind(2, std::int64_t(limit));
  std::vector<LeaderRow> out;
  while (st.row()) out.push_back({st.text(0), st.real(1), st.real(2), int(st.integer(3))});
  return out;
}

}  // namespace server
