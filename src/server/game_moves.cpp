// A seat's move and resignation: judged by the rules, timed by the clock,
// stored before the room takes it (a refused write changes nothing), then
// pushed; on a shared database a copy one change behind judges it again.
#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

ApiResult GameService::play_locked(const RoomPtr& room, const std::string& move) {
  Match& m = *room->match;
  const Now now = clock_now();
  if (room->clock && room->clock->flagged(now.steady)) {
    const std::string seat = m.seats()[std::size_t(room->clock->running())];
    declare_flag(room, now);
    return fail(409, "too late: " + seat + "'s time ran out before the move came");
  }
  const int ply = m.ply();
  if (auto ok = m.play(move); !ok) return fail(409, ok.error());
  auto clock = clock_after(*room, m, now, true);
  const auto record = clock_record(clock, now);
  if (auto ok = store_.append_move(room->id, ply, move, m.result(), m.reason(), bot_to_move(*room),
                                   places_if_over(m), record ? &*record : nullptr);
      !ok) {
    m.undo();
    return store_failed(ok);
  }
  room->clock = std::move(clock);
  arm_flag(room);
  room->end_offers();
  room->declined.clear();
  ++room->epoch;
  maybe_start_bot(room);
  return {200, changed(*room)};
}

ApiResult GameService::move(const std::string& id, const SeatKey& key, const json& body) {
  if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
    return fail(400, "the body must be {\"move\": \"e2e3\"}");
  // A move costs no extra read of the store: a stale copy's move is refused
  // by the store (store.h, append_move) and judged again below.
  auto [room, lock, seat, error] = seated(id, key, Copy::AsHeld);
  if (!room) return error;
  // A move that cannot be read is 400 whoever sends it.
  const std::string move = body["move"].get<std::string>();
  if (!room->match->well_formed(move))
    return fail(400, "'" + move + "' is not written as a move of " + std::string(room->match->variant()) +
                         " (e.g. e2e3; docs/api.md)");
  if (seat < 0) return error;
  ApiResult played = seat_plays_locked(room, seat, move);
  // On a shared database this copy may be a notification behind a move
  // another process stored (the turn looks wrong, or the ply is taken): the
  // game is read again and the move judged once more.
  if (store_.shared() && (played.status == 409 || played.status == 500) && refresh_locked(room, true))
    played = seat_plays_locked(room, seat, move);
  return played;
}

ApiResult GameService::seat_plays_locked(const RoomPtr& room, int seat, const std::string& move) {
  if (room->match->over()) return fail(409, "the game is over (" + room->match->reason() + ")");
  if (room->match->turn() != seat)
    return fail(409, "not your turn: " + room->match->seats()[room->match->turn()] + " is to move");
  note_here(*room, seat, clock_now());
  return play_locked(room, move);
}

ApiResult GameService::resign(const std::string& id, const SeatKey& key) {
  auto [room, lock, seat, error] = seated(id, key);
  if (seat < 0) return error;
  Match& m = *room->match;
  if (m.over()) return fail(409, "the game is over (" + m.reason() + ")");
  if (const std::string move = m.resignation_move(); !move.empty()) {
    const std::string& name = m.seats()[std::size_t(seat)];
    if (m.turn() != seat)
      return fail(409, "in " + std::string(m.variant()) + " a resignation is a move: " + name +
                           " may resign at " + name + "'s own turn, and the game goes on without " + name);
    return play_locked(room, move);
  }
  return act_locked(room, clock_now(), [who = seat](Match& match) { match.resign(who); });
}

ApiResult GameService::act_locked(const RoomPtr& room, const Now& now,
                                  const std::function<void(Match&)>& act) {
  std::unique_ptr<Match> after = room->match->clone();
  act(*after);
  auto clock = clock_after(*room, *after, now, false);
  const auto record = clock_record(clock, now);
  if (auto ok = store_.set_result(room->id, after->result(), after->reason(), places_if_over(*after),
                                  record ? &*record : nullptr);
      !ok)
    return store_failed(ok);
  act(*room->match);
  room->clock = std::move(clock);
  arm_flag(room);
  stop_bot(*room);
  room->end_offers();
  ++room->epoch;
  return {200, changed(*room)};
}

}  // namespace server
