// Games changed by other processes on the same database (several
// `chaturanga serve` on one PostgreSQL, docs/deploy.md): the store tells
// the service which game changed, and a room this process holds is read
// again from the store and pushed to its subscribers. Until the game
// changes here again, the process that stored the change decides what comes
// next in it (its bot's move, its flag): this one stops its bot, if one
// thinks, and its flag timer.
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
  const auto record = store_.load(id);
  if (!record) return;
  RoomPtr fresh = room_from_record(*record);
  if (!fresh) return;
  stop_bot(*room);
  room->match = std::move(fresh->match);
  room->seats = std::move(fresh->seats);
  room->clock = std::move(fresh->clock);
  // Offers are kept by the process they were made on; a change ends them.
  room->draw_offer = room->takeback_offer = -1;
  room->draw_agreed = room->takeback_agreed = 0;
  ++room->epoch;
  room->clock_running = false;
  if (room->flag_timer) room->flag_timer->cancel();
  changed(*room);
}

}  // namespace server
