// Games changed by other processes on the same database (several
// `chaturanga serve` on one PostgreSQL, docs/deploy.md): the store tells
// the service which game changed, and a room this process holds is read
// again from the store and pushed to its subscribers. The process that
// stored the change decides what comes next in it (its bot's move, its
// flag; store.h "Who decides a game"): this one stops its bot, if one
// thinks, and its flag timer, unless the store says it decides the game.
// The games of a process that stopped are taken over on the heartbeat.
#include <algorithm>

#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

void GameService::changed_elsewhere(const std::string& id) {
  if (!id.empty()) {
    reload(id);
    return;
  }
  // Changes may have been missed: every room held is read again.
  std::vector<std::string> ids;
  {
    std::lock_guard lock(rooms_mutex_);
    for (const auto& [held, room] : rooms_) ids.push_back(held);
  }
  for (const std::string& held : ids) reload(held);
}

void GameService::reload(const std::string& id) {
  RoomPtr room;
  {
    std::lock_guard lock(rooms_mutex_);
    const auto it = rooms_.find(id);
    if (it == rooms_.end()) return;  // not held here: it is read afresh when asked for
    room = it->second;
  }
  // Read under the room's lock, so that no change made here comes between
  // the read and the room taking it.
  std::lock_guard lock(room->mutex);
  refresh_locked(room);
}

bool GameService::refresh_locked(const RoomPtr& room, bool only_if_moved) {
  const auto record = store_.load(room->id);
  if (!record) return false;
  // Asked again for a refused move, a copy the store agrees with stays as it
  // is: its bot thinks on, however many moves a client sends out of turn.
  if (only_if_moved && int(record->moves.size()) == room->match->ply() &&
      record->result == room->match->result())
    return false;
  RoomPtr fresh = room_from_record(*record);
  if (!fresh) return false;
  stop_bot(*room);
  room->match = std::move(fresh->match);
  room->seats = std::move(fresh->seats);
  room->clock = std::move(fresh->clock);
  // The offers as stored: those another process took, or none after a change.
  const bool rematch_unknown = room->rematch_id.empty();
  restore_offers(*room, record->offers);
  ++room->epoch;
  room->clock_running = false;
  if (room->flag_timer) room->flag_timer->cancel();
  // Read again after a lost connection, a game may still be this run's.
  if (run_id_ >= 0 && record->decider == run_id_) {
    maybe_start_bot(room);
    arm_flag(room);
  }
  changed(*room);
  // A rematch another process made: the sockets here hear their seats' tokens.
  if (rematch_unknown && !room->rematch_id.empty()) tell_rematch_locked(*room);
  return true;
}

void GameService::current_locked(const RoomPtr& room) {
  const auto stored = store_.stamp(room->id);
  if (!stored) return;
  const auto open = std::count_if(room->seats.begin(), room->seats.end(),
                                  [](const SeatRecord& s) { return s.kind == "open"; });
  const GameStamp held{room->match->ply(), room->match->result(), int(open), offers_text(*room)};
  if (*stored != held) refresh_locked(room);
}

bool GameService::decides_loaded(const Room& room) {
  if (!store_.shared()) return true;
  const bool needs_deciding = bot_to_move(room) || (room.clock && room.clock->running() >= 0);
  return needs_deciding && store_.take_decision(room.id);
}

void GameService::take_over_orphans() {
  for (const std::string& id : store_.take_orphans()) pool_.post(jobs_.guard([this, id] { adopt(id); }));
}

void GameService::adopt(const std::string& id) {
  RoomPtr room;
  {
    std::lock_guard lock(rooms_mutex_);
    if (const auto it = rooms_.find(id); it != rooms_.end()) room = it->second;
  }
  if (!room) {
    find(id);  // read afresh: this run decides it now, so its bot starts and its flag is set
    return;
  }
  std::lock_guard lock(room->mutex);
  maybe_start_bot(room);
  arm_flag(room);
}

}  // namespace server
