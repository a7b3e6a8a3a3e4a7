// Who is at a game: the seats its open sockets speak for (by the tokens a
// socket names, or its session's account), and the claim of a game whose
// other players have all left (game_service.h). Presence lives in memory
// only: a room read back (after a restart, or once it was dropped) counts
// every seat as here from that moment.
#include <algorithm>

#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

namespace {

// Tokens one socket may name: a person holds at most every seat of a game.
constexpr std::size_t TOKENS_MAX = 8;

json socket_error(const std::string& message) { return {{"type", "error"}, {"error", message}}; }

bool is_person(const SeatRecord& seat) { return seat.kind == "human"; }

}  // namespace

unsigned GameService::seats_here(const Room& room) {
  unsigned here = 0;
  for (const Watcher& w : room.subscribers)
    if (!w.who.expired()) here |= w.seats;
  return here;
}

void GameService::note_here(Room& room, int seat, const Now& now) {
  if (std::size_t(seat) < room.away_since.size()) room.away_since[std::size_t(seat)] = now;
}

// Only while the game goes on: after it, nobody has anything to claim.
json GameService::left_state(const Room& room) const {
  json left = json::object();
  if (room.match->over()) return left;
  const unsigned here = seats_here(room);
  const auto after = options_.left_after.count();
  for (std::size_t i = 0; i < room.seats.size() && i < room.away_since.size(); ++i) {
    if (!is_person(room.seats[i]) || (here >> i & 1u)) continue;
    const std::int64_t since = room.away_since[i].wall;
    left[room.seats[i].name] = {{"since_ms", since}, {"claim_ms", since + after}};
  }
  return left;
}

json GameService::heard(const std::string& id, const std::weak_ptr<Subscriber>& subscriber,
                        std::string_view text) {
  const json message = json::parse(text, nullptr, false);
  if (message.is_discarded() || !message.is_object() || !message.contains("tokens") ||
      !message["tokens"].is_array())
    return socket_error("send {\"tokens\": [\"<seat token>\", ...]} to say which seats this socket is");
  const json& tokens = message["tokens"];
  if (tokens.size() > TOKENS_MAX)
    return socket_error("tokens: at most " + std::to_string(TOKENS_MAX) + " on one socket");
  if (!std::all_of(tokens.begin(), tokens.end(), [](const json& t) { return t.is_string(); }))
    return socket_error("tokens: every token must be a string");
  RoomPtr room = find(id);
  if (!room) return socket_error("no game " + id);
  std::lock_guard lock(room->mutex);
  unsigned seats = 0;
  for (const json& token : tokens) {
    ApiResult error;
    const int seat = seat_of(*room, SeatKey(token.get<std::string>()), error);
    if (seat >= 0) seats |= 1u << seat;
  }
  const auto self = subscriber.lock();
  const unsigned before = seats_here(*room);
  for (Watcher& w : room->subscribers)
    if (self && w.who.lock() == self) w.seats = seats | w.by_account;
  json names = json::array();
  for (std::size_t i = 0; i < room->seats.size(); ++i)
    if (seats >> i & 1u) names.push_back(room->seats[i].name);
  const Now now = clock_now();
  for (std::size_t i = 0; i < room->seats.size(); ++i)
    if ((before ^ seats_here(*room)) >> i & 1u) note_here(*room, int(i), now);
  if (before != seats_here(*room)) changed(*room);
  return {{"type", "seats"}, {"seats", names}};
}

void GameService::unsubscribe(const std::string& id, const std::weak_ptr<Subscriber>& subscriber) {
  RoomPtr room = find(id);
  if (!room) return;
  std::lock_guard lock(room->mutex);
  const auto self = subscriber.lock();
  const unsigned before = seats_here(*room);
  std::erase_if(room->subscribers,
                [&](const Watcher& w) { return w.who.expired() || (self && w.who.lock() == self); });
  const unsigned gone = before & ~seats_here(*room);
  if (gone == 0) return;
  const Now now = clock_now();
  for (std::size_t i = 0; i < room->seats.size(); ++i)
    if (gone >> i & 1u) note_here(*room, int(i), now);
  changed(*room);
}

ApiResult GameService::claim_left(const std::string& id, const SeatKey& key, const json& body) {
  if (!body.is_object() || !body.contains("result") || !body["result"].is_string() ||
      (body["result"] != "win" && body["result"] != "draw"))
    return fail(400, "the body must be {\"result\": \"win\"} or {\"result\": \"draw\"}");
  const bool draw = body["result"] == "draw";
  auto [room, lock, seat, error] = seated(id, key);
  if (seat < 0) return error;
  Match& m = *room->match;
  if (m.over()) return fail(409, "the game is over (" + m.reason() + ")");
  const Now now = clock_now();
  note_here(*room, seat, now);
  // The others with a say: the claimer's own seats (one account may hold
  // several) do not count.
  unsigned mine = 1u << seat;
  for (std::size_t i = 0; i < room->seats.size(); ++i)
    if (key.token.empty() && key.account_id > 0 && room->seats[i].account_id == key.account_id)
      mine |= 1u << i;
  const unsigned others = m.agreement_seats() & ~mine;
  if (others == 0) return fail(409, "there is nobody else in this game to have left it");
  const unsigned here = seats_here(*room);
  for (std::size_t i = 0; i < room->seats.size(); ++i) {
    if (!(others >> i & 1u)) continue;
    const std::string& name = room->seats[i].name;
    if (!is_person(room->seats[i]))
      return fail(409, name + " is not a person who could leave (" + room->seats[i].kind + ")");
    if (here >> i & 1u) return fail(409, name + " is here: nothing to claim");
    const auto waited = now.steady - room->away_since[i].steady;
    if (waited < options_.left_after.count())
      return fail(409, name + " left " + std::to_string(waited / 1000) + " s ago: the game may be claimed " +
                           std::to_string(options_.left_after.count() / 1000) + " s after a player has left");
  }
  return act_locked(room, now, [who = seat, draw](Match& match) { match.abandon(who, draw); });
}

}  // namespace server
