// The API's meaning, apart from HTTP: games in rooms, seats guarded by
// tokens, every change stored before it is acknowledged and then pushed to
// the room's subscribers, bots started on the pool whenever one is to move.
// Thread-safe: each room has its own lock; the store serialises commits.
// Rooms live in memory only while in use: a finished game, or one left idle,
// is dropped once nothing refers to it and is read back from the store when
// asked for again, so a long-running server does not grow with its history.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/bot_pool.h"
#include "server/job_gate.h"
#include "server/store.h"

namespace server {

struct ApiResult {
  int status = 200;
  nlohmann::json body;
};

// A WebSocket or test probe that wants every new state of a game.
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void deliver(std::shared_ptr<const std::string> state) = 0;
};

struct ServiceOptions {
  std::chrono::milliseconds bot_budget_per_level{150};
  std::chrono::milliseconds bot_budget_max{2000};
  // The bot's reply never comes sooner than this after the move it answers.
  std::chrono::milliseconds bot_min_think{300};
  std::chrono::milliseconds analysis_budget{1000};
  std::size_t analysis_queue_max = 32;
  // A finished game stays in memory this long after its last use, an
  // unfinished one (no bot thinking, no offer pending) this long.
  std::chrono::milliseconds keep_finished{60000};
  std::chrono::milliseconds keep_idle{900000};
  // How often rooms are looked over for dropping; 0: only by evict_unused().
  std::chrono::milliseconds sweep_every{1000};
  // A bot's move the store refused (full disk, read-only) is stored again after this.
  std::chrono::milliseconds store_retry{1000};
};

class GameService {
 public:
  GameService(Store& store, BotPool& pool, ServiceOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Loads every unfinished game from the store and restarts the bots to move.
  std::size_t resume();

  ApiResult create(const nlohmann::json& body);
  ApiResult join(const std::string& id, const nlohmann::json& body);
  ApiResult get(const std::string& id);
  ApiResult list(const std::vector<std::string>& ids);
  ApiResult move(const std::string& id, const std::string& token, const nlohmann::json& body);
  ApiResult takeback(const std::string& id, const std::string& token);
  ApiResult resign(const std::string& id, const std::string& token);
  ApiResult draw(const std::string& id, const std::string& token);
  // On success the body is a JSON string holding the PGN text.
  ApiResult pgn(const std::string& id);
  // `done` runs on a worker thread.
  void analyse(const nlohmann::json& body, std::function<void(ApiResult)> done);

  // Adds a subscriber and returns the state it starts from. The room keeps it
  // weakly and forgets it once it has expired; there is no unsubscribe, since
  // a subscriber's destructor may run while its room is locked.
  ApiResult subscribe(const std::string& id, std::weak_ptr<Subscriber> subscriber);

  // Drops the rooms past their keep time that nothing refers to (no request,
  // bot or subscriber) and returns how many; the sweeper calls it.
  std::size_t evict_unused();
  std::size_t rooms_in_memory();

 private:
  struct Room;
  using RoomPtr = std::shared_ptr<Room>;

  RoomPtr find(const std::string& id);
  RoomPtr room_from_record(const GameRecord& record);
  // Each of these expects the room's lock to be held.
  nlohmann::json state_of(const Room& room) const;
  // Pushes the new state to the subscribers and returns it.
  nlohmann::json changed(Room& room);
  void maybe_start_bot(const RoomPtr& room);
  void stop_bot(Room& room);
  ApiResult play_locked(const RoomPtr& room, const std::string& move);
  ApiResult undo_for_locked(const RoomPtr& room, int seat);
  bool others_are_bots(const Room& room, int seat) const;
  // The seats (bit i for seat i) that people hold or may take: not bots.
  static unsigned people_seats(const Room& room);
  // The seat whose token this is, or an error result (401/403).
  int seat_of(const Room& room, const std::string& token, ApiResult& error) const;

  void bot_search(RoomPtr room, std::uint64_t epoch);
  void bot_apply(RoomPtr room, std::uint64_t epoch, std::string move);
  void sweep_loop();

  Store& store_;
  BotPool& pool_;
  // Every job posted to pool_ with `this` goes through it (see the destructor).
  JobGate jobs_;
  ServiceOptions options_;
  std::mutex rooms_mutex_;
  std::unordered_map<std::string, RoomPtr> rooms_;

  std::mutex sweep_mutex_;
  std::condition_variable sweep_wake_;
  bool stopping_ = false;
  std::thread sweeper_;
};

}  // namespace server
