// The clocks of GameService: each game's clock turned with every change,
// stored in the same write, shown in every state; a timer per running clock
// that declares the flag by itself; the heartbeat that tells a restart how
// long the server was up (server/uptime.h, docs/api.md "Clocks").
#include <algorithm>
#include <iostream>

#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

Now clock_now() {
  using namespace std::chrono;
  return {duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count(),
          duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count()};
}

int GameService::clock_turn(const Room& room, const Match& m) {
  const bool open = std::any_of(room.seats.begin(), room.seats.end(),
                                [](const SeatRecord& seat) { return seat.kind == "open"; });
  return open ? -1 : m.turn();
}

core::Expected<std::optional<TimeControl>> GameService::clock_of(const json& body) {
  if (!body.contains("clock") || body["clock"].is_null()) return std::optional<TimeControl>();
  auto read = time_control_from_json(body["clock"]);
  if (!read) return core::error(read.error());
  return std::optional<TimeControl>(*read);
}

std::optional<ClockRecord> GameService::start_clock(Room& room, const std::optional<TimeControl>& control,
                                                    const Now& now) {
  if (!control) return std::nullopt;
  room.clock.emplace(*control, int(room.match->seats().size()));
  room.clock = clock_after(room, *room.match, now, false);
  return clock_record(room.clock, now);
}

std::optional<GameClock> GameService::clock_after(const Room& room, const Match& m, const Now& now,
                                                  bool increment) const {
  std::optional<GameClock> clock = room.clock;
  if (clock) clock->turn_to(clock_turn(room, m), now.steady, increment);
  return clock;
}

ClockRecord GameService::clock_record(const GameClock& clock, const Now& now) const {
  ClockRecord record{clock.control(), clock.banked(), std::nullopt};
  if (clock.running() >= 0) record.since_ms = now.wall - (now.steady - clock.since());
  return record;
}

std::optional<ClockRecord> GameService::clock_record(const std::optional<GameClock>& clock,
                                                     const Now& now) const {
  if (!clock) return std::nullopt;
  return clock_record(*clock, now);
}

// The clock resumes where the store left it, charged only for the time the
// server was up since the turn began: a crash's outage costs nobody time.
void GameService::restore_clock(Room& room, const GameRecord& record) const {
  if (!record.clock) return;
  const ClockRecord& stored = *record.clock;
  std::vector<GameClock::Ms> banked = stored.banked_ms;
  const int seats = int(room.match->seats().size());
  if (int(banked.size()) != seats) banked.assign(std::size_t(seats), stored.control.initial_ms);
  room.clock.emplace(stored.control, std::move(banked));
  const int turn = clock_turn(room, *room.match);
  if (turn < 0 || !stored.since_ms) return;
  const Now now = clock_now();
  const std::int64_t charged = uptime_->between(*stored.since_ms, now.wall);
  room.clock->turn_to(turn, now.steady - charged, false);
}

json GameService::clock_state(const Room& room) const {
  if (!room.clock) return nullptr;
  const GameClock& clock = *room.clock;
  const Now now = clock_now();
  const auto& names = room.match->seats();
  json remaining = json::object();
  for (int seat = 0; seat < clock.seats(); ++seat)
    remaining[names[std::size_t(seat)]] = clock.remaining(seat, now.steady);
  return {{"initial_ms", clock.control().initial_ms},
          {"increment_ms", clock.control().increment_ms},
          {"remaining_ms", std::move(remaining)},
          {"running", clock.running() >= 0 ? json(names[std::size_t(clock.running())]) : json(nullptr)},
          {"server_ms", now.wall}};
}

void GameService::arm_flag(const RoomPtr& room) {
  const bool running = room->clock && room->clock->running() >= 0;
  room->clock_running = running;
  if (!running) {
    if (room->flag_timer) room->flag_timer->cancel();
    return;
  }
  if (!room->flag_timer) room->flag_timer = FlagTimer::make(timers_);
  const auto at = FlagTimer::Clock::time_point(std::chrono::milliseconds(room->clock->flag_at()));
  room->flag_timer->set(at, [this, weak = std::weak_ptr<Room>(room)] { on_flag(weak); });
}

// On the timer thread. A timer that fires early, or for a clock that has
// moved on since, only sets itself again.
void GameService::on_flag(const std::weak_ptr<Room>& weak) {
  RoomPtr room = weak.lock();
  if (!room) return;
  std::lock_guard lock(room->mutex);
  const Now now = clock_now();
  if (room->clock && room->clock->flagged(now.steady) && !room->match->over())
    declare_flag(room, now);
  else
    arm_flag(room);
}

void GameService::declare_flag(const RoomPtr& room, const Now& now) {
  const int ply = room->match->ply();
  std::unique_ptr<Match> after = room->match->clone();
  const std::string move = after->time_out();
  std::optional<GameClock> clock = clock_after(*room, *after, now, false);
  const ClockRecord record = clock_record(*clock, now);
  std::swap(room->match, after);
  const Match& m = *room->match;
  // A rated game ended by the flag is rated as any other ending is.
  const std::vector<int> places = places_if_over(m);
  const WriteResult stored = move.empty()
                                 ? store_.set_result(room->id, m.result(), m.reason(), places, &record)
                                 : store_.append_move(room->id, ply, move, m.result(), m.reason(),
                                                      bot_to_move(*room), places, &record);
  if (!stored) {
    // As with a bot's move: the flag is declared again once the store takes writes.
    std::swap(room->match, after);
    std::cerr << "game " << room->id << ": the flag could not be stored: " << stored.message << "\n";
    if (!room->flag_timer) room->flag_timer = FlagTimer::make(timers_);
    room->flag_timer->set(FlagTimer::Clock::now() + options_.store_retry,
                          [this, weak = std::weak_ptr<Room>(room)] { on_flag(weak); });
    return;
  }
  room->clock = std::move(clock);
  stop_bot(*room);
  room->end_offers();
  ++room->epoch;
  maybe_start_bot(room);
  arm_flag(room);
  changed(*room);
}

void GameService::start_heartbeat() {
  timers_ = std::make_shared<TimerThread>();
  const Now now = clock_now();
  std::vector<ServerRun> earlier;
  if (auto run = store_.begin_run(now.wall, earlier))
    run_id_ = *run;
  else
    earlier.clear();
  uptime_.emplace(std::move(earlier), now.wall);
  heartbeat_ = FlagTimer::make(timers_);
  if (run_id_ >= 0) heartbeat_->set(FlagTimer::Clock::now() + options_.heartbeat_every, [this] { beat(); });
}

// Written only while a clock runs: an idle server does not write every second.
// On a shared database it also takes over the games of stopped processes.
void GameService::beat() {
  bool running = false;
  {
    std::lock_guard lock(rooms_mutex_);
    running = std::any_of(rooms_.begin(), rooms_.end(),
                          [](const auto& entry) { return entry.second->clock_running.load(); });
  }
  if (running) store_.alive(run_id_, clock_now().wall);
  if (store_.shared()) take_over_orphans();
  heartbeat_->set(FlagTimer::Clock::now() + options_.heartbeat_every, [this] { beat(); });
}

}  // namespace server
