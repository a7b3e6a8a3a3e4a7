// The game service (game_service.h): the helpers every part of it uses,
// its start and stop, a game's state as clients see it and its pushes, and
// the reads of games (one, a list, its PGN, a subscription).
#include "server/game_service.h"

#include <algorithm>
#include <charconv>
#include <ctime>
#include <iostream>
#include <utility>

#include "server/match.h"
#include "server/room.h"
#include "server/token.h"

namespace server {

using nlohmann::json;

int bot_level(const std::string& kind) {
  if (kind.rfind("bot:", 0) != 0) return 0;
  int level = 0;
  const char* first = kind.data() + 4;
  const char* last = kind.data() + kind.size();
  auto [end, ec] = std::from_chars(first, last, level);
  return ec == std::errc() && end == last ? level : 0;
}

ApiResult fail(int status, std::string message) { return {status, json{{"error", std::move(message)}}}; }

ApiResult store_failed(const WriteResult& write) {
  using Fault = WriteResult::Fault;
  // Conflict: the stored game moved on (another process changed it first).
  const int status = write.fault == Fault::Full       ? 507
                     : write.fault == Fault::ReadOnly ? 503
                     : write.fault == Fault::Conflict ? 409
                                                      : 500;
  return fail(status, "nothing was changed: the game could not be saved (" + write.message + ")");
}

core::Expected<std::string> variant_of(const json& body) {
  std::string named = "chaturanga";
  if (body.contains("variant")) {
    if (!body["variant"].is_string()) return core::error("variant must be a string such as \"chaturanga\"");
    named = body["variant"].get<std::string>();
  }
  return canonical_variant(named, body.value("rules", json(nullptr)));
}

namespace {

constexpr std::size_t LIST_MAX = 100;

std::string pgn_date(std::int64_t ms) {
  const std::time_t t = std::time_t(ms / 1000);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &utc);
  return text;
}

json seat_names(const Match& m, unsigned mask) {
  json names = json::array();
  for (std::size_t i = 0; i < m.seats().size(); ++i)
    if (mask >> i & 1u) names.push_back(m.seats()[i]);
  return names;
}

}  // namespace

GameService::GameService(Store& store, BotPool& pool, ServiceOptions options)
    : store_(store),
      pool_(pool),
      analysis_({options.analysis_threads, options.analysis_per_client, options.analysis_queue_max,
                 options.analysis_budget}),
      creations_(options.games_per_minute / 60, options.games_per_minute),
      options_(options) {
  start_heartbeat();
  if (options_.sweep_every.count() > 0) sweeper_ = std::thread([this] { sweep_loop(); });
  store_.on_changes_elsewhere([this](const std::string& id) { changed_elsewhere(id); });
}

GameService::~GameService() {
  store_.on_changes_elsewhere(nullptr);
  // No flag falls from now on; a clean stop is the last moment the server
  // was alive, so the clocks resume from it exactly.
  timers_->stop();
  if (run_id_ >= 0) store_.alive(run_id_, clock_now().wall);
  {
    std::lock_guard lock(sweep_mutex_);
    stopping_ = true;
  }
  sweep_wake_.notify_all();
  if (sweeper_.joinable()) sweeper_.join();
  if (resumer_.joinable()) resumer_.join();
  // No bot job starts from now on; the searches running are told to stop,
  // and the service goes only once none of its jobs runs any more.
  jobs_.close();
  {
    std::lock_guard lock(rooms_mutex_);
    for (auto& [id, room] : rooms_) {
      std::lock_guard room_lock(room->mutex);
      stop_bot(*room);
    }
  }
  jobs_.wait_idle();
}

json GameService::state_of(const Room& room) const {
  const Match& m = *room.match;
  json s = m.state();
  s["id"] = room.id;
  s["variant"] = m.variant();
  const int turn = m.turn();
  s["turn"] = turn >= 0 ? json(m.seats()[turn]) : json(nullptr);
  s["result"] = m.result();
  s["reason"] = m.reason().empty() ? json(nullptr) : json(m.reason());
  json seats = json::object();
  for (const SeatRecord& seat : room.seats) seats[seat.name] = seat.kind;
  s["seats"] = std::move(seats);
  s["seat_order"] = m.seats();
  s["draw_offer"] = room.draw_offer >= 0 ? json(m.seats()[room.draw_offer]) : json(nullptr);
  s["takeback_offer"] = room.takeback_offer >= 0 ? json(m.seats()[room.takeback_offer]) : json(nullptr);
  s["draw_agreed"] = seat_names(m, room.draw_agreed);
  s["takeback_agreed"] = seat_names(m, room.takeback_agreed);
  s["agreement_seats"] = seat_names(m, m.agreement_seats());
  s["practice"] = room.practice;
  s["rated"] = room.rated;
  s["players"] = players_of(room.seats);
  s["thinking"] = room.thinking;
  s["ply"] = m.ply();
  s["created_ms"] = room.created_ms;
  s["clock"] = clock_state(room);
  s["left"] = left_state(room);
  s["server_ms"] = clock_now().wall;
  const json rematch = rematch_state(room);
  for (auto it = rematch.begin(); it != rematch.end(); ++it) s[it.key()] = it.value();
  s["declined"] = room.declined.empty()
                      ? json(nullptr)
                      : json{{"offer", room.declined}, {"seat", m.seats()[std::size_t(room.declined_by)]}};
  return s;
}

json GameService::changed(Room& room) {
  json state = state_of(room);
  auto text = std::make_shared<const std::string>(state.dump());
  auto& subs = room.subscribers;
  subs.erase(std::remove_if(subs.begin(), subs.end(),
                            [&](const Watcher& w) {
                              auto s = w.who.lock();
                              if (s) s->deliver(text);
                              return !s;
                            }),
             subs.end());
  return state;
}

ApiResult GameService::get(const std::string& id) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  std::lock_guard lock(room->mutex);
  current_locked(room);
  return {200, state_of(*room)};
}

ApiResult GameService::list(const std::vector<std::string>& ids) {
  if (ids.size() > LIST_MAX) return fail(400, "at most " + std::to_string(LIST_MAX) + " ids at once");
  json games = json::array();
  for (const std::string& id : ids) {
    RoomPtr room = find(id);
    if (!room) continue;
    std::lock_guard lock(room->mutex);
    const Match& m = *room->match;
    json seats = json::object();
    for (const SeatRecord& seat : room->seats) seats[seat.name] = seat.kind;
    games.push_back({{"id", room->id},
                     {"variant", m.variant()},
                     {"result", m.result()},
                     {"reason", m.reason().empty() ? json(nullptr) : json(m.reason())},
                     {"seats", seats},
                     {"rated", room->rated},
                     {"players", players_of(room->seats)},
                     {"ply", m.ply()},
                     {"created_ms", room->created_ms},
                     {"clock", room->clock ? json{{"initial_ms", room->clock->control().initial_ms},
                                                  {"increment_ms", room->clock->control().increment_ms}}
                                           : json(nullptr)}});
  }
  return {200, json{{"games", games}}};
}

ApiResult GameService::pgn(const std::string& id) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  std::lock_guard lock(room->mutex);
  Tags tags{{"Event", "Chaturanga game " + room->id},
            {"Site", "chaturanga serve"},
            {"Date", pgn_date(room->created_ms)}};
  if (room->practice) tags["Practice"] = "yes";
  // PGN's own form: seconds, and the increment after a plus.
  if (room->clock)
    tags["TimeControl"] = std::to_string(room->clock->control().initial_ms / 1000) + "+" +
                          std::to_string(room->clock->control().increment_ms / 1000);
  if (room->rated) tags["Rated"] = "yes";
  const auto& names = room->match->seats();
  for (const SeatRecord& seat : room->seats) {
    const int level = bot_level(seat.kind);
    std::string tag = seat.name;
    tag[0] = char(std::toupper(static_cast<unsigned char>(tag[0])));
    if (std::find(names.begin(), names.end(), seat.name) != names.end())
      tags[tag] = level                   ? "Bot level " + std::to_string(level)
                  : seat.username.empty() ? std::string("Human")
                                          : seat.username;
  }
  return {200, json(room->match->pgn(tags))};
}

ApiResult GameService::subscribe(const std::string& id, std::weak_ptr<Subscriber> subscriber,
                                 const Caller& caller) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  std::lock_guard lock(room->mutex);
  std::erase_if(room->subscribers, [](const Watcher& w) { return w.who.expired(); });
  unsigned seats = 0;
  for (std::size_t i = 0; i < room->seats.size(); ++i)
    if (caller.account_id > 0 && room->seats[i].account_id == caller.account_id) seats |= 1u << i;
  const unsigned before = seats_here(*room);
  room->subscribers.push_back({std::move(subscriber), seats, seats});
  // A player back at the game is pushed to the others, whose "left" it ends.
  if ((seats & ~before) != 0) return {200, changed(*room)};
  return {200, state_of(*room)};
}

}  // namespace server
