// What the source files of GameService share: a room, one game in memory,
// how a seat's kind names a bot, and the reading of a request's common
// parts. Private to the service.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "server/flag_timer.h"
#include "server/game_clock.h"
#include "server/game_service.h"
#include "server/match.h"

namespace server {

// A socket of a room and the seats (bit i for seat i) it speaks for.
struct Watcher {
  std::weak_ptr<Subscriber> who;
  unsigned seats = 0;
  unsigned by_account = 0;  // those of `seats` its session's account holds
};

struct GameService::Room {
  std::mutex mutex;
  std::string id;
  std::unique_ptr<Match> match;
  std::vector<SeatRecord> seats;
  std::uint32_t seed = 0;
  std::int64_t created_ms = 0;
  bool practice = false;
  bool rated = false;
  int draw_offer = -1;
  int takeback_offer = -1;
  // Seats (bit i for seat i) that agree to the offer pending: an agreement
  // needs every seat the match says has a say (Match::agreement_seats).
  unsigned draw_agreed = 0;
  unsigned takeback_agreed = 0;
  // A change to the game ends the draw and take-back offers pending, and
  // what was declined.
  void end_offers() {
    draw_offer = takeback_offer = -1;
    draw_agreed = takeback_agreed = 0;
    declined.clear();
    declined_by = -1;
  }
  // Bumped by every change; a bot's answer to an older epoch is dropped.
  std::uint64_t epoch = 0;
  std::shared_ptr<std::atomic<bool>> bot_stop;
  bool thinking = false;
  // The room's sockets, each with the seats it speaks for (the seat tokens
  // it named, or its session's account): a seat is here while one is open.
  std::vector<Watcher> subscribers;
  // Per seat: when its player was last here (a socket of it closed, or it
  // acted by HTTP), or when the room came into memory (game_presence.cpp).
  std::vector<Now> away_since;
  // The rematch (game_rematch.cpp): the seat that offered it, the seats
  // that agree, and once made, the new game and each old seat's new token.
  int rematch_offer = -1;
  unsigned rematch_agreed = 0;
  std::string rematch_id;
  std::vector<std::string> rematch_tokens;
  // The offer last declined ("draw", "takeback", "rematch") and by whom,
  // until the next change of the game.
  std::string declined;
  int declined_by = -1;
  // None for a game without a clock. It runs once no seat is open, for the
  // seat to move, until the game is over (clock_driver.cpp).
  std::optional<GameClock> clock;
  // Made with the first running clock; fires when its flag falls.
  std::shared_ptr<FlagTimer> flag_timer;
  // Whether a clock runs, read without the lock by the heartbeat.
  std::atomic<bool> clock_running{false};
  // Guarded by rooms_mutex_, not by `mutex`.
  std::chrono::steady_clock::time_point last_used = std::chrono::steady_clock::now();
};

// The level of a "bot:N" seat, or 0 for any other kind.
int bot_level(const std::string& kind);

Now clock_now();

// An error answer: `status` and {"error": message}.
ApiResult fail(int status, std::string message);
// 507 when the disk is full, 503 when the database is read-only: the client
// may try again later, and nothing was changed in the meantime.
ApiResult store_failed(const WriteResult& write);

// The lengths of a game's id and of a seat's token.
inline constexpr int ID_LENGTH = 10;
inline constexpr int TOKEN_LENGTH = 32;

// Each seat's finishing place once the match is over (what the store rates
// a rated game by), else nothing.
std::vector<int> places_if_over(const Match& match);

// {seat: username} of the seats accounts hold, null for the others.
nlohmann::json players_of(const std::vector<SeatRecord>& seats);

// Why a game with these seats cannot be rated for `caller`, or status 200
// when it can: a session, at most one seat human (the caller's) and every
// other open, or in a four-handed game a bot, with two seats at least for
// people.
ApiResult rated_refusal(const std::vector<SeatRecord>& seats, const Caller& caller);

// The canonical variant (match.h) a request's "variant" and "rules" name;
// "chaturanga" when it names none.
core::Expected<std::string> variant_of(const nlohmann::json& body);

}  // namespace server
