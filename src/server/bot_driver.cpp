// The bot driver of GameService: bots started on the pool whenever one is
// to move, their moves stored and pushed like a person's, and start-up,
// which brings back the games whose bot is to move.
#include <iostream>

#include "search/timeman.h"
#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

bool GameService::bot_to_move(const Room& room) {
  const int turn = room.match->turn();
  return turn >= 0 && bot_level(room.seats[turn].kind) > 0;
}

void GameService::stop_bot(Room& room) {
  if (room.bot_stop) room.bot_stop->store(true);
  room.bot_stop.reset();
  room.thinking = false;
}

void GameService::maybe_start_bot(const RoomPtr& room) {
  const Match& m = *room->match;
  const int turn = m.turn();
  if (turn < 0 || room->thinking || bot_level(room->seats[turn].kind) == 0) return;
  room->thinking = true;
  room->bot_stop = std::make_shared<std::atomic<bool>>(false);
  pool_.post(jobs_.guard([this, room, epoch = room->epoch] { bot_search(room, epoch); }));
}

namespace {

// What a bot on the clock may take for its move: the engine's own share of
// the time left for a search with one bound (search::single_bound_ms),
// from the seat's clock as it stands when the search starts.
std::chrono::milliseconds clock_bound(const GameClock& clock, int seat) {
  search::Limits limits;
  limits.time_ms[seat] = std::max<std::int64_t>(1, clock.remaining(seat, clock_now().steady));
  limits.inc_ms[seat] = clock.control().increment_ms;
  return std::chrono::milliseconds(search::single_bound_ms(limits, seat));
}

}  // namespace

void GameService::bot_search(RoomPtr room, std::uint64_t epoch) {
  const auto started = BotPool::Clock::now();
  std::unique_ptr<Match> snapshot;
  std::shared_ptr<std::atomic<bool>> stop;
  int level = 0;
  std::uint32_t seed = 0;
  auto budget = std::chrono::milliseconds::max();
  {
    std::lock_guard lock(room->mutex);
    if (room->epoch != epoch || !room->bot_stop) return;
    snapshot = room->match->clone();
    stop = room->bot_stop;
    const int seat = snapshot->turn();
    level = bot_level(room->seats[seat].kind);
    seed = room->seed + std::uint32_t(snapshot->ply());
    if (room->clock && room->clock->running() == seat) budget = clock_bound(*room->clock, seat);
  }
  // On the clock, the least time to answer is bounded by it too.
  const auto min_think = std::min(options_.bot_min_think, budget);
  budget = std::min({budget, options_.bot_budget_max, options_.bot_budget_per_level * level});
  std::string move = snapshot->bot_move(level, budget, stop.get(), seed);
  if (stop->load()) return;
  pool_.post_at(started + min_think,
                jobs_.guard([this, room, epoch, move = std::move(move)] { bot_apply(room, epoch, move); }));
}

void GameService::bot_apply(RoomPtr room, std::uint64_t epoch, std::string move) {
  std::lock_guard lock(room->mutex);
  if (room->epoch != epoch || !room->bot_stop || room->bot_stop->load()) return;
  auto stop = std::move(room->bot_stop);
  room->thinking = false;
  if (const Now now = clock_now(); room->clock && room->clock->flagged(now.steady)) {
    declare_flag(room, now);
    return;
  }
  if (move.empty()) {
    std::cerr << "game " << room->id << ": the bot found no move\n";
    changed(*room);
    return;
  }
  ApiResult r = play_locked(room, move);
  if (r.status >= 500) {
    // The store refused the move (full disk, read-only database): the bot
    // keeps it and stores it again later, so the game goes on once writes do.
    room->thinking = true;
    room->bot_stop = std::move(stop);
    pool_.post_at(BotPool::Clock::now() + options_.store_retry,
                  jobs_.guard([this, room, epoch, move = std::move(move)] { bot_apply(room, epoch, move); }));
    return;
  }
  if (r.status != 200) {
    std::cerr << "game " << room->id << ": bot move " << move << " failed: " << r.body.dump() << "\n";
    changed(*room);
  }
}

std::size_t GameService::resume() {
  constexpr std::size_t PAGE = 256;
  std::size_t started = 0;
  std::string after;
  for (;;) {
    const ResumePage page = store_.games_to_resume(after, PAGE);
    for (const std::string& id : page.ids) {
      {
        std::lock_guard lock(sweep_mutex_);
        if (stopping_) return started;
      }
      if (resume_game(id)) ++started;
    }
    if (!page.more || page.ids.empty()) return started;
    after = page.ids.back();
  }
}

bool GameService::resume_game(const std::string& id) {
  auto record = store_.load(id);
  if (!record) return false;
  RoomPtr loaded = room_from_record(*record);
  if (!loaded) return false;
  const bool to_move = bot_to_move(*loaded);
  // A game stored before the index (not known either way), or one it has
  // wrong, is put right, so that the next start-up passes it by. A failed
  // write (a read-only database) only means it is looked at again then.
  if (record->bot_to_move != to_move) store_.set_bot_to_move(id, to_move);
  // A running clock needs its timer too, whoever is to move.
  const bool clock_runs = loaded->clock && loaded->clock->running() >= 0;
  if (!to_move && !clock_runs) return false;
  if (!decides_loaded(*loaded)) return false;  // another live process decides it
  RoomPtr room;
  {
    std::lock_guard lock(rooms_mutex_);
    room = rooms_.try_emplace(id, loaded).first->second;
  }
  std::lock_guard lock(room->mutex);
  maybe_start_bot(room);
  arm_flag(room);
  return room->thinking || room->clock_running;
}

void GameService::resume_in_background() {
  resumer_ = std::thread([this] { resume(); });
}

}  // namespace server
