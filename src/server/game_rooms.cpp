// The rooms held in memory: a game read back from its stored record, found
// by id (read from the store when not held, its bot and flag started if
// this process decides it), and rooms nobody uses let go by the sweeper.
#include <malloc.h>

#include <algorithm>
#include <iostream>

#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

namespace {

// Ids are made by random_token (token.h): letters and digits, short.
bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 &&
         std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isalnum(c); });
}

}  // namespace

GameService::RoomPtr GameService::room_from_record(const GameRecord& record) {
  auto match =
      make_match(record.variant, record.start_fen, MatchOptions{record.practice, record.dice_secret});
  if (!match) {
    std::cerr << "game " << record.id << ": " << match.error() << "\n";
    return nullptr;
  }
  auto room = std::make_shared<Room>();
  room->id = record.id;
  room->match = std::move(match).value();
  room->seats = record.seats;
  room->seed = record.seed;
  room->created_ms = record.created_ms;
  room->practice = record.practice;
  room->rated = record.rated;
  for (const std::string& m : record.moves) {
    if (auto ok = room->match->play(m); !ok) {
      std::cerr << "game " << record.id << ": stored move " << m << " does not replay: " << ok.error()
                << "\n";
      break;
    }
  }
  room->match->restore_ending(record.result, record.reason);
  restore_offers(*room, record.offers);
  restore_clock(*room, record);
  room->away_since.assign(room->seats.size(), clock_now());
  return room;
}

GameService::RoomPtr GameService::find(const std::string& id) {
  if (!valid_id(id)) return nullptr;
  std::lock_guard lock(rooms_mutex_);
  if (auto it = rooms_.find(id); it != rooms_.end()) {
    it->second->last_used = std::chrono::steady_clock::now();
    return it->second;
  }
  auto record = store_.load(id);
  if (!record) return nullptr;
  RoomPtr room = room_from_record(*record);
  if (!room) return nullptr;
  rooms_[id] = room;
  // A game read back whose bot is to move (start-up has not come to it yet,
  // or its move could not be stored) owes a move: the bot starts now, unless
  // another live process decides the game.
  std::lock_guard room_lock(room->mutex);
  if (!decides_loaded(*room)) return room;
  maybe_start_bot(room);
  arm_flag(room);
  return room;
}

std::size_t GameService::evict_unused() {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(rooms_mutex_);
  return std::erase_if(rooms_, [&](const auto& entry) {
    const RoomPtr& room = entry.second;
    // Held by the map alone: no request, bot job or subscriber call has it,
    // and none can get it without rooms_mutex_, so no second copy of the
    // game can be loaded while this one lives.
    if (room.use_count() != 1) return false;
    std::unique_lock room_lock(room->mutex, std::try_to_lock);
    if (!room_lock) return false;
    const auto keep = room->match->over() ? options_.keep_finished : options_.keep_idle;
    if (now - room->last_used < keep) return false;
    // Offers live only in memory; a thinking bot owes the game a move; a
    // running clock's flag must fall on time.
    if (room->thinking || room->draw_offer >= 0 || room->takeback_offer >= 0 || room->clock_running ||
        room->rematch_offer >= 0)
      return false;
    return std::all_of(room->subscribers.begin(), room->subscribers.end(),
                       [](const Watcher& w) { return w.who.expired(); });
  });
}

std::size_t GameService::rooms_in_memory() {
  std::lock_guard lock(rooms_mutex_);
  return rooms_.size();
}

void GameService::sweep_loop() {
  std::unique_lock lock(sweep_mutex_);
  while (!sweep_wake_.wait_for(lock, options_.sweep_every, [this] { return stopping_; })) {
    lock.unlock();
    // Freed rooms leave holes in glibc's arenas that it keeps resident
    // until asked; handing them back keeps a long-running server's memory flat.
    if (evict_unused() > 0) malloc_trim(0);
    lock.lock();
  }
}

}  // namespace server
