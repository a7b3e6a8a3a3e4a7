// A new game from a request (POST /api/games): its variant and rule
// options, start position, seats and their tokens, clock, bots' seed,
// practice and rated marks, each checked and refused with what was wrong;
// the limit of games created per address and account; the row stored.
#include <algorithm>
#include <random>

#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"
#include "server/token.h"

namespace server {

using nlohmann::json;

namespace {

// A seat kind from the request, checked: "human", "open", "bot" or "bot:N".
core::Expected<std::string> seat_kind(const json& value, const std::string& seat) {
  if (!value.is_string()) return core::error("seat '" + seat + "' must be a string");
  const std::string kind = value.get<std::string>();
  if (kind == "human" || kind == "open") return kind;
  if (kind == "bot") return std::string("bot:4");
  const int level = bot_level(kind);
  if (level >= 1 && level <= 8) return kind;
  return core::error("seat '" + seat + "': '" + kind + "' is not human, open or bot:1 .. bot:8");
}

// The bots' seed a request fixes, or a random one.
core::Expected<std::uint32_t> seed_of(const json& body) {
  if (!body.contains("seed")) return std::uint32_t(std::random_device{}());
  const json& seed = body["seed"];
  if (!seed.is_number_integer() || seed.get<std::int64_t>() < 0 || seed.get<std::int64_t>() > 0xFFFFFFFFLL)
    return core::error("seed must be an integer from 0 to 4294967295");
  return std::uint32_t(seed.get<std::int64_t>());
}

// A true-or-false field of the request (false when absent), checked.
core::Expected<bool> flag_of(const json& body, const char* name) {
  if (!body.contains(name)) return false;
  if (!body[name].is_boolean()) return core::error(std::string(name) + " must be true or false");
  return body[name].get<bool>();
}

// The refusal of a game one more would exceed `key`'s limit of creation.
ApiResult too_many_games(const std::string& key, const Caller& caller, double per_minute,
                         std::chrono::seconds retry_after) {
  const std::string who = key.starts_with("account ") ? "by " + caller.username : "from " + caller.address;
  ApiResult refused =
      fail(429, "too many games created " + who + ": at most " + std::to_string(int(per_minute)) +
                    " a minute; try again in " + std::to_string(retry_after.count()) + " s");
  refused.retry_after = retry_after;
  return refused;
}

}  // namespace

GameRecord GameService::record_of(const Room& room) {
  GameRecord record;
  record.id = room.id;
  record.variant = std::string(room.match->variant());
  record.start_fen = room.match->start_fen();
  record.seats = room.seats;
  record.seed = room.seed;
  record.created_ms = room.created_ms;
  record.result = room.match->result();
  record.reason = room.match->reason();
  record.dice_secret = room.match->dice_secret();
  record.practice = room.practice;
  record.bot_to_move = bot_to_move(room);
  record.rated = room.rated;
  return record;
}

ApiResult GameService::create(const json& body, const Caller& caller) {
  if (!body.is_object()) return fail(400, "the body must be a JSON object");
  const auto named = variant_of(body);
  if (!named) return fail(400, named.error());
  const std::string& variant = *named;
  std::string fen;
  if (body.contains("fen")) {
    if (!body["fen"].is_string()) return fail(400, "fen must be a string");
    fen = body["fen"].get<std::string>();
  }
  const auto practice_flag = flag_of(body, "practice"), rated_flag = flag_of(body, "rated");
  if (!practice_flag || !rated_flag) return fail(400, (!practice_flag ? practice_flag : rated_flag).error());
  const bool practice = *practice_flag, rated = *rated_flag;
  const auto control = clock_of(body);
  if (!control) return fail(400, control.error());
  auto made = make_match(variant, fen, MatchOptions{practice, {}});
  if (!made) return fail(400, made.error());
  auto room = std::make_shared<Room>();
  room->practice = practice;
  room->rated = rated;
  room->match = std::move(made).value();
  room->id = random_token(ID_LENGTH);
  const Now now = clock_now();
  room->created_ms = now.wall;
  const auto seed = seed_of(body);
  if (!seed) return fail(400, seed.error());
  room->seed = *seed;
  const json seats = body.value("seats", json::object());
  if (!seats.is_object()) return fail(400, "seats must be an object such as {\"white\": \"human\"}");
  for (auto it = seats.begin(); it != seats.end(); ++it) {
    const auto& names = room->match->seats();
    if (std::find(names.begin(), names.end(), it.key()) == names.end())
      return fail(400, "seat '" + it.key() + "' does not exist in " + variant);
  }
  json tokens = json::object();
  for (const std::string& name : room->match->seats()) {
    if (!seats.contains(name)) return fail(400, "seats: '" + name + "' is missing");
    auto kind = seat_kind(seats[name], name);
    if (!kind) return fail(400, kind.error());
    SeatRecord seat{name, *kind, "", 0, ""};
    if (seat.kind == "human") {
      tokens[name] = seat.token = random_token(TOKEN_LENGTH);
      seat.account_id = caller.account_id;
      seat.username = caller.username;
    }
    room->seats.push_back(seat);
  }
  room->away_since.assign(room->seats.size(), now);
  if (const std::string why = rated_variant_refusal(variant); rated && !why.empty()) return fail(400, why);
  if (ApiResult refused = rated_refusal(room->seats, caller); rated && refused.status != 200) return refused;
  for (const std::string& key : caller.limit_keys())
    if (auto verdict = creations_.allow(key); !verdict)
      return too_many_games(key, caller, options_.games_per_minute, verdict.retry_after);
  const auto people = std::count_if(room->seats.begin(), room->seats.end(), [](const SeatRecord& s) {
    return s.kind == "human" || s.kind == "open";
  });
  if (const std::string why = practice_refusal(int(people), rated); practice && !why.empty())
    return fail(400, why);
  GameRecord record = record_of(*room);
  record.clock = start_clock(*room, *control, now);
  if (auto ok = store_.insert_game(record); !ok) return store_failed(ok);
  {
    std::lock_guard rooms_lock(rooms_mutex_);
    rooms_[room->id] = room;
  }
  std::lock_guard lock(room->mutex);
  maybe_start_bot(room);
  arm_flag(room);
  json out = state_of(*room);
  out["tokens"] = std::move(tokens);
  return {201, out};
}

}  // namespace server
