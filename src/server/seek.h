// A seek: an offer to play, waiting in the lobby for the people it needs.
// Its terms (variant, clock, rated, colour, players) are checked once, when
// it is made, so that an accept can only fail for reasons of the moment
// (taken, the store). Each person in a seek is a Party, known by a secret
// token of its own: the owner's is the seek's token; a four-handed seek's
// accepters get one each while it fills. Plain data: Lobby keeps the lock.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/expected.h"
#include "server/game_service.h"

namespace server {

// Who a caller is to the lobby. A guest has no account; `name` and `rating`
// are what the list shows ("by", "rating"), null for a guest.
struct SeekPlayer {
  std::string account;
  nlohmann::json name = nullptr;
  nlohmann::json rating = nullptr;
};

// What a seek asks for, as checked from a request's body.
struct SeekTerms {
  std::string variant;
  nlohmann::json clock = nullptr;  // {"initial_ms", "increment_ms"} or null: no clock
  bool rated = false;
  std::string color = "random";    // a seat name of the variant, or "random"
  std::vector<std::string> seats;  // the variant's seats, in turn order
};

// Checks a POST /api/seeks body; the error names the field that is wrong.
core::Expected<SeekTerms> parse_seek(const nlohmann::json& body);
// The clock's own check (docs/api.md, Clocks): an error, or "" when fine.
std::string clock_error(const nlohmann::json& clock);
// Whether two bodies' clocks are the same time control (both null included).
bool same_clock(const nlohmann::json& a, const nlohmann::json& b);
// Compares secrets in time that does not depend on where they differ.
bool secrets_equal(const std::string& a, const std::string& b);

struct Party {
  using Clock = std::chrono::steady_clock;
  std::string token;
  SeekPlayer player;
  Caller caller;
  // The party's lobby sockets that claimed it ({"own": [...]}); while none
  // is open, it has `grace` from `last_seen` before it is dropped.
  std::vector<std::weak_ptr<Subscriber>> sockets;
  Clock::time_point last_seen;
  // On a shared store: last_seen as wall-clock ms, as the processes share it.
  std::int64_t seen_ms = 0;
  // Once the game exists: the party's seat in it and the seat's token.
  std::string seat;
  std::string seat_token;
};

struct Seek {
  enum class Phase { Open, Pairing, Paired };
  std::string id;
  std::uint64_t number = 0;  // the order seeks were made in
  SeekTerms terms;
  std::vector<Party> parties;  // the owner first, then the accepters in order
  Phase phase = Phase::Open;
  std::int64_t created_ms = 0;
  std::string game_id;
  // When it became a game; for a seek being paired, when pairing began.
  Party::Clock::time_point paired_at;

  const Party& owner() const { return parties.front(); }
  bool full() const { return parties.size() >= terms.seats.size(); }
  // The party whose token this is, or nullptr.
  Party* party_of(const std::string& token);
  // The seek as GET /api/seeks lists it.
  nlohmann::json listed() const;
};

}  // namespace server
