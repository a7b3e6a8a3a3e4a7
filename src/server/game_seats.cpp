// Who holds a seat: its token, or the account that took it (with a session)
// or claimed it (with its token); joining an open seat; claiming a
// browser's seats for an account.
#include <algorithm>
#include <utility>

#include "server/match.h"
#include "server/room.h"
#include "server/token.h"

namespace server {

using nlohmann::json;

namespace {

constexpr std::size_t CLAIM_MAX = 100;

bool tokens_equal(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

bool holds_a_seat(const std::vector<SeatRecord>& seats, std::int64_t account_id) {
  return account_id > 0 && std::any_of(seats.begin(), seats.end(),
                                       [&](const SeatRecord& s) { return s.account_id == account_id; });
}

}  // namespace

std::vector<int> places_if_over(const Match& match) {
  return match.over() ? match.places() : std::vector<int>{};
}

json players_of(const std::vector<SeatRecord>& seats) {
  json players = json::object();
  for (const SeatRecord& seat : seats)
    players[seat.name] = seat.username.empty() ? json(nullptr) : json(seat.username);
  return players;
}

ApiResult rated_refusal(const std::vector<SeatRecord>& seats, const Caller& caller) {
  if (caller.account_id <= 0) return fail(401, "a rated game needs an account: log in first");
  const auto count = [&](auto pred) { return std::count_if(seats.begin(), seats.end(), pred); };
  const auto humans = count([](const SeatRecord& s) { return s.kind == "human"; });
  const auto people = count([](const SeatRecord& s) { return s.kind == "human" || s.kind == "open"; });
  const auto bots = count([](const SeatRecord& s) { return s.kind.rfind("bot:", 0) == 0; });
  // Every seat open is the lobby's way: it seats each party by join(). A
  // four-handed game may have bots in the places nobody took (a seek its
  // owner filled): the bots go unrated, the people are rated among themselves.
  const bool four_handed = seats.size() > 2;
  if (humans > 1 || people + (four_handed ? bots : 0) != std::ptrdiff_t(seats.size()) || people < 2)
    return fail(400,
                "rated: a rated game is made with one seat \"human\" (yours) or none, and every other "
                "\"open\", for other accounts to join (in a four-handed game bots may take some, leaving at "
                "least two seats for people)");
  return {200, json::object()};
}

GameService::SeatedRoom GameService::seated(const std::string& id, const SeatKey& key, Copy copy) {
  SeatedRoom s;
  s.room = find(id);
  if (!s.room) {
    s.error = fail(404, "no game " + id);
    return s;
  }
  s.lock = std::unique_lock(s.room->mutex);
  if (copy == Copy::Current) current_locked(s.room);
  s.seat = seat_of(*s.room, key, s.error);
  return s;
}

int GameService::seat_of(const Room& room, const SeatKey& key, ApiResult& error) const {
  if (!key.token.empty()) {
    for (std::size_t i = 0; i < room.seats.size(); ++i)
      if (!room.seats[i].token.empty() && tokens_equal(room.seats[i].token, key.token)) return int(i);
    error = fail(403, "the token is not that of a seat in game " + room.id);
    return -1;
  }
  if (key.account_id <= 0) {
    error = fail(401,
                 "this needs the seat's token (Authorization: Bearer <token>) or the session of the account "
                 "that holds the seat");
    return -1;
  }
  const int turn = room.match->turn();
  if (turn >= 0 && room.seats[std::size_t(turn)].account_id == key.account_id) return turn;
  for (std::size_t i = 0; i < room.seats.size(); ++i)
    if (room.seats[i].account_id == key.account_id) return int(i);
  error = fail(403, "your account holds no seat in game " + room.id);
  return -1;
}

unsigned GameService::people_seats(const Room& room) {
  unsigned mask = 0;
  for (std::size_t i = 0; i < room.seats.size(); ++i)
    if (bot_level(room.seats[i].kind) == 0) mask |= 1u << i;
  return mask;
}

bool GameService::others_are_bots(const Room& room, int seat) const {
  for (std::size_t i = 0; i < room.seats.size(); ++i)
    if (int(i) != seat && bot_level(room.seats[i].kind) == 0) return false;
  return true;
}

ApiResult GameService::join(const std::string& id, const json& body, const Caller& caller) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  if (!body.is_object()) return fail(400, "the body must be a JSON object");
  std::lock_guard lock(room->mutex);
  if (room->match->over())
    return fail(409,
                "game " + id + " is over (" + room->match->reason() + "): its seats can no longer be taken");
  if (room->rated && caller.account_id <= 0) return fail(401, "game " + id + " is rated: log in to join it");
  if (room->rated && holds_a_seat(room->seats, caller.account_id))
    return fail(409, "you hold a seat in rated game " + id + " already");
  std::string wanted;
  if (body.contains("seat")) {
    if (!body["seat"].is_string()) return fail(400, "seat must be a string");
    wanted = body["seat"].get<std::string>();
  }
  for (SeatRecord& seat : room->seats) {
    if (!wanted.empty() && seat.name != wanted) continue;
    if (seat.kind != "open") {
      if (wanted.empty()) continue;
      return fail(409, "seat '" + wanted + "' is taken");
    }
    SeatRecord taken{seat.name, "human", random_token(TOKEN_LENGTH), caller.account_id, caller.username};
    // The clock starts once the last open seat is taken.
    const SeatRecord before = std::exchange(seat, taken);
    const Now now = clock_now();
    const auto clock = clock_after(*room, *room->match, now, false);
    const auto record = clock_record(clock, now);
    seat = before;
    if (auto ok = store_.set_seat(room->id, taken, record ? &*record : nullptr); !ok) return store_failed(ok);
    seat = taken;
    note_here(*room, int(&seat - room->seats.data()), now);
    room->clock = clock;
    arm_flag(room);
    json out = changed(*room);
    out["seat"] = seat.name;
    out["token"] = seat.token;
    return {200, out};
  }
  if (!wanted.empty()) return fail(400, "seat '" + wanted + "' does not exist in game " + id);
  return fail(409, "game " + id + " has no open seat");
}

ApiResult GameService::claim(const json& body, const Caller& caller) {
  if (caller.account_id <= 0) return fail(401, "claiming seats needs a session: log in first");
  if (!body.is_object() || !body.contains("tokens") || !body["tokens"].is_array())
    return fail(400, "the body must be {\"tokens\": [\"<seat token>\", ...]}");
  const json& given = body["tokens"];
  if (given.size() > CLAIM_MAX) return fail(400, "at most " + std::to_string(CLAIM_MAX) + " tokens at once");
  std::vector<std::string> tokens;
  for (const json& t : given) {
    if (!t.is_string()) return fail(400, "tokens: every token must be a string");
    tokens.push_back(t.get<std::string>());
  }
  std::vector<ClaimedSeat> claimed;
  if (auto ok = store_.claim_seats(caller.account_id, tokens, claimed); !ok) return store_failed(ok);
  note_claimed(claimed, caller);
  json out = json::array();
  for (const ClaimedSeat& c : claimed) out.push_back({{"game_id", c.game_id}, {"seat", c.name}});
  return {200, json{{"claimed", out}}};
}

// A room loaded after the store's commit reads the claim from the store;
// one loaded before is in the map, since loading holds rooms_mutex_.
void GameService::note_claimed(const std::vector<ClaimedSeat>& claimed, const Caller& caller) {
  std::lock_guard lock(rooms_mutex_);
  for (const ClaimedSeat& c : claimed) {
    const auto it = rooms_.find(c.game_id);
    if (it == rooms_.end()) continue;
    Room& room = *it->second;
    std::lock_guard room_lock(room.mutex);
    if (std::size_t(c.seat) >= room.seats.size()) continue;
    room.seats[std::size_t(c.seat)].account_id = caller.account_id;
    room.seats[std::size_t(c.seat)].username = caller.username;
    changed(room);
  }
}

}  // namespace server
