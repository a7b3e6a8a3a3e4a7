// The rematch of a finished game (game_service.h): the same variant, start,
// clock, levels and rating, each seat's player moved on one seat in turn
// order (the two-player game: colours swapped). Against bots it is made at
// once; between people every person must ask for it. Each new seat token
// reaches only the holder of the old seat: in its own answer, over the
// sockets that named that seat, and by GET .../rematch with its old token.
// The offer, the agreements and the rematch made are stored with the
// finished game (GameRecord::offers), so every process answers them.
#include <random>

#include "server/match.h"
#include "server/room.h"
#include "server/token.h"

namespace server {

using nlohmann::json;

namespace {

// The seats that must ask: every person's, not a bot's or an open one's.
unsigned human_seats(const std::vector<SeatRecord>& seats) {
  unsigned mask = 0;
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (seats[i].kind == "human") mask |= 1u << i;
  return mask;
}

core::Expected<bool> optional_flag(const json& body, const char* name) {
  if (!body.contains(name)) return false;
  if (!body[name].is_boolean()) return core::error(std::string(name) + " must be true or false");
  return body[name].get<bool>();
}

}  // namespace

json GameService::rematch_state(const Room& room) const {
  const auto& names = room.match->seats();
  json agreed = json::array();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (room.rematch_agreed >> i & 1u) agreed.push_back(names[i]);
  return {{"rematch_offer",
           room.rematch_offer >= 0 ? json(names[std::size_t(room.rematch_offer)]) : json(nullptr)},
          {"rematch_agreed", agreed},
          {"rematch", room.rematch_id.empty() ? json(nullptr) : json(room.rematch_id)}};
}

bool GameService::rematch_ready(const Room& room, int seat) const {
  if (!room.match->over() || !room.rematch_id.empty()) return false;
  if (others_are_bots(room, seat)) return true;
  const unsigned needed = human_seats(room.seats);
  return room.rematch_offer >= 0 && (room.rematch_agreed & needed) == needed;
}

ApiResult GameService::rematch(const std::string& id, const SeatKey& key, const json& body,
                               const Caller& caller) {
  if (!body.is_object()) return fail(400, "the body must be a JSON object such as {\"accept\": true}");
  const auto accept = optional_flag(body, "accept"), decline = optional_flag(body, "decline");
  if (!accept || !decline) return fail(400, (!accept ? accept : decline).error());
  auto [room, lock, seat, error] = seated(id, key);
  if (seat < 0) return error;
  if (!room->match->over()) return fail(409, "the game is still on: a rematch follows its end");
  if (*decline) return decline_locked(room, seat, "rematch");
  if (!room->rematch_id.empty()) {
    lock.unlock();
    return make_rematch(room, seat, caller);
  }
  if (!others_are_bots(*room, seat)) {
    const std::string before = offers_text(*room);
    if (room->rematch_offer < 0) {
      if (*accept) return fail(409, "the rematch offer is gone: nothing to accept; nothing was changed");
      room->rematch_offer = seat;
      room->declined.clear();
    } else if (room->rematch_agreed >> seat & 1u) {
      return {200, state_of(*room)};
    }
    room->rematch_agreed |= 1u << seat;
    // Stored first, even when it completes the agreement: the rematch is
    // then made over the offers as stored (make_rematch).
    ApiResult stored = store_offers_locked(room, before);
    if (stored.status != 200 || !rematch_ready(*room, seat)) return stored;
  }
  lock.unlock();
  return make_rematch(room, seat, caller);
}

// Seats moved on by one, fresh tokens (`tokens[i]`: the token of the seat
// that old seat i's player now holds), the clock as it was set.
GameService::RoomPtr GameService::rematch_room(const Room& old, std::vector<std::string>& tokens,
                                               const Now& now) {
  auto made = make_match(old.match->variant(), old.match->start_fen(), MatchOptions{old.practice, {}});
  if (!made) return nullptr;
  auto next = std::make_shared<Room>();
  next->match = std::move(made).value();
  next->id = random_token(ID_LENGTH);
  next->practice = old.practice;
  next->rated = old.rated;
  next->seed = std::uint32_t(std::random_device{}());
  next->created_ms = now.wall;
  const auto& names = old.match->seats();
  const std::size_t n = names.size();
  tokens.assign(n, "");
  next->seats.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    SeatRecord moved = old.seats[i];
    moved.name = names[(i + 1) % n];
    if (moved.kind == "human") tokens[i] = moved.token = random_token(TOKEN_LENGTH);
    next->seats[(i + 1) % n] = moved;
  }
  next->away_since.assign(n, now);
  return next;
}

ApiResult GameService::make_rematch(const RoomPtr& room, int seat, const Caller& caller) {
  // Rooms are locked after rooms_mutex_, never before: the new room goes
  // into the map while the old one is held, so no second copy is loaded.
  std::unique_lock rooms_lock(rooms_mutex_);
  std::lock_guard lock(room->mutex);
  const auto& names = room->match->seats();
  const std::size_t n = names.size();
  if (room->rematch_id.empty()) {
    if (!rematch_ready(*room, seat)) return fail(409, "the rematch offer is gone; nothing was changed");
    for (const std::string& key : caller.limit_keys())
      if (auto verdict = creations_.allow(key); !verdict) {
        ApiResult refused = fail(429, "too many games created: try the rematch again in " +
                                          std::to_string(verdict.retry_after.count()) + " s");
        refused.retry_after = verdict.retry_after;
        return refused;
      }
    const Now now = clock_now();
    std::vector<std::string> tokens;
    RoomPtr next = rematch_room(*room, tokens, now);
    if (!next) return fail(500, "the rematch could not be set up from game " + room->id + "'s start");
    GameRecord record = record_of(*next);
    const std::optional<TimeControl> control =
        room->clock ? std::optional<TimeControl>(room->clock->control()) : std::nullopt;
    record.clock = start_clock(*next, control, now);
    // Claimed in the old game, over its offers as stored, in the transaction
    // that stores the new game: of two processes making it at once, one does.
    const std::string before = offers_text(*room);
    room->rematch_id = next->id;
    room->rematch_offer = -1;
    room->rematch_agreed = 0;
    if (auto ok = store_.insert_rematch(record, room->id, room->match->ply(), before, offers_text(*room));
        !ok)
      return offers_refused_locked(room, before, ok,
                                   "the rematch was asked for or made on another of the site's processes a "
                                   "moment ago; nothing was changed: look again");
    rooms_[next->id] = next;
    {
      std::lock_guard next_lock(next->mutex);
      maybe_start_bot(next);
      arm_flag(next);
    }
    room->rematch_tokens = tokens;
    changed(*room);
    tell_rematch_locked(*room);
  }
  const auto it = rooms_.find(room->rematch_id);
  const std::string token = rematch_tokens_locked(*room)[std::size_t(seat)];
  json out = json::object();
  if (it != rooms_.end()) {
    std::lock_guard next_lock(it->second->mutex);
    out = state_of(*it->second);
  }
  out["game_id"] = room->rematch_id;
  out["seat"] = names[(std::size_t(seat) + 1) % n];
  out["token"] = token;
  return {201, out};
}

ApiResult GameService::rematch_of(const std::string& id, const SeatKey& key) {
  auto [room, lock, seat, error] = seated(id, key);
  if (seat < 0) return error;
  if (room->rematch_id.empty()) return fail(404, "game " + id + " has no rematch (yet)");
  const auto& names = room->match->seats();
  return {200, json{{"game_id", room->rematch_id},
                    {"seat", names[(std::size_t(seat) + 1) % names.size()]},
                    {"token", rematch_tokens_locked(*room)[std::size_t(seat)]}}};
}

void GameService::tell_rematch_locked(Room& room) {
  const auto& names = room.match->seats();
  const std::size_t n = names.size();
  const std::vector<std::string> tokens = rematch_tokens_locked(room);
  for (const Watcher& w : room.subscribers) {
    json mine = json::object();
    for (std::size_t i = 0; i < n; ++i)
      if ((w.seats >> i & 1u) && !tokens[i].empty()) mine[names[(i + 1) % n]] = tokens[i];
    if (mine.empty()) continue;
    if (auto live = w.who.lock())
      live->deliver(std::make_shared<const std::string>(
          json{{"type", "rematch"}, {"game_id", room.rematch_id}, {"tokens", mine}}.dump()));
  }
}

std::vector<std::string> GameService::rematch_tokens_locked(Room& room) {
  const std::size_t n = room.seats.size();
  if (room.rematch_tokens.size() == n || room.rematch_id.empty())
    return room.rematch_tokens.size() == n ? room.rematch_tokens : std::vector<std::string>(n);
  // Made on another process: old seat i's player holds the next seat in
  // turn order. Unreadable now, none are given, and they are asked for again.
  std::vector<std::string> tokens(n);
  const auto next = store_.load(room.rematch_id);
  if (!next || next->seats.size() != n) return tokens;
  for (std::size_t i = 0; i < n; ++i)
    if (room.seats[i].kind == "human") tokens[i] = next->seats[(i + 1) % n].token;
  return room.rematch_tokens = tokens;
}

}  // namespace server
