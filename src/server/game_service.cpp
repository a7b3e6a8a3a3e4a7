#include "server/game_service.h"

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <ctime>
#include <iostream>
#include <random>
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
  const int status = write.fault == Fault::Full ? 507 : write.fault == Fault::ReadOnly ? 503 : 500;
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

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 &&
         std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isalnum(c); });
}

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

// A seat kind from the request, checked: "human", "open", "bot" or "bot:N".
core::Expected<std::string> seat_kind(const json& value, const std::string& seat) {
  if (!value.is_string()) return core::error("seat '" + seat + "' must be a string");
  const std::string kind = value.get<std::string>();
  if (kind == "human" || kind == "open") return kind;
  if (kind == "bot") return std::string("bot:4");
  const int level = bot_level(kind);
  if (level >= 1 && level <= 8) return kind;
  return core::error("seat '" + seat + "': '" + kind + "' is not human, open or bot:1 .. bot:8");
}

// The bots' seed a request fixes, or a random one.
core::Expected<std::uint32_t> seed_of(const json& body) {
  if (!body.contains("seed")) return std::uint32_t(std::random_device{}());
  const json& seed = body["seed"];
  if (!seed.is_number_integer() || seed.get<std::int64_t>() < 0 || seed.get<std::int64_t>() > 0xFFFFFFFFLL)
    return core::error("seed must be an integer from 0 to 4294967295");
  return std::uint32_t(seed.get<std::int64_t>());
}

// A true-or-false field of the request (false when absent), checked.
core::Expected<bool> flag_of(const json& body, const char* name) {
  if (!body.contains(name)) return false;
  if (!body[name].is_boolean()) return core::error(std::string(name) + " must be true or false");
  return body[name].get<bool>();
}

// The refusal of a game one more would exceed `key`'s limit of creation.
ApiResult too_many_games(const std::string& key, const Caller& caller, double per_minute,
                         std::chrono::seconds retry_after) {
  const std::string who = key.starts_with("account ") ? "by " + caller.username : "from " + caller.address;
  ApiResult refused =
      fail(429, "too many games created " + who + ": at most " + std::to_string(int(per_minute)) +
                    " a minute; try again in " + std::to_string(retry_after.count()) + " s");
  refused.retry_after = retry_after;
  return refused;
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

GameRecord GameService::record_of(const Room& room) {
  GameRecord record;
  record.id = room.id;
  record.variant = std::string(room.match->variant());
  record.start_fen = room.match->start_fen();
  record.seats = room.seats;
  record.seed = room.seed;
  record.created_ms = room.created_ms;
  record.result = room.match->result();
  record.reason = room.match->reason();
  record.dice_secret = room.match->dice_secret();
  record.practice = room.practice;
  record.bot_to_move = bot_to_move(room);
  record.rated = room.rated;
  return record;
}

ApiResult GameService::create(const json& body, const Caller& caller) {
  if (!body.is_object()) return fail(400, "the body must be a JSON object");
  const auto named = variant_of(body);
  if (!named) return fail(400, named.error());
  const std::string& variant = *named;
  std::string fen;
  if (body.contains("fen")) {
    if (!body["fen"].is_string()) return fail(400, "fen must be a string");
    fen = body["fen"].get<std::string>();
  }
  const auto practice_flag = flag_of(body, "practice"), rated_flag = flag_of(body, "rated");
  if (!practice_flag || !rated_flag) return fail(400, (!practice_flag ? practice_flag : rated_flag).error());
  const bool practice = *practice_flag, rated = *rated_flag;
  const auto control = clock_of(body);
  if (!control) return fail(400, control.error());
  auto made = make_match(variant, fen, MatchOptions{practice, {}});
  if (!made) return fail(400, made.error());
  auto room = std::make_shared<Room>();
  room->practice = practice;
  room->rated = rated;
  room->match = std::move(made).value();
  room->id = random_token(ID_LENGTH);
  const Now now = clock_now();
  room->created_ms = now.wall;
  const auto seed = seed_of(body);
  if (!seed) return fail(400, seed.error());
  room->seed = *seed;
  const json seats = body.value("seats", json::object());
  if (!seats.is_object()) return fail(400, "seats must be an object such as {\"white\": \"human\"}");
  for (auto it = seats.begin(); it != seats.end(); ++it) {
    const auto& names = room->match->seats();
    if (std::find(names.begin(), names.end(), it.key()) == names.end())
      return fail(400, "seat '" + it.key() + "' does not exist in " + variant);
  }
  json tokens = json::object();
  for (const std::string& name : room->match->seats()) {
    if (!seats.contains(name)) return fail(400, "seats: '" + name + "' is missing");
    auto kind = seat_kind(seats[name], name);
    if (!kind) return fail(400, kind.error());
    SeatRecord seat{name, *kind, "", 0, ""};
    if (seat.kind == "human") {
      tokens[name] = seat.token = random_token(TOKEN_LENGTH);
      seat.account_id = caller.account_id;
      seat.username = caller.username;
    }
    room->seats.push_back(seat);
  }
  room->away_since.assign(room->seats.size(), now);
  if (const std::string why = rated_variant_refusal(variant); rated && !why.empty()) return fail(400, why);
  if (ApiResult refused = rated_refusal(room->seats, caller); rated && refused.status != 200) return refused;
  for (const std::string& key : caller.limit_keys())
    if (auto verdict = creations_.allow(key); !verdict)
      return too_many_games(key, caller, options_.games_per_minute, verdict.retry_after);
  const auto people = std::count_if(room->seats.begin(), room->seats.end(), [](const SeatRecord& s) {
    return s.kind == "human" || s.kind == "open";
  });
  if (const std::string why = practice_refusal(int(people), rated); practice && !why.empty())
    return fail(400, why);
  GameRecord record = record_of(*room);
  record.clock = start_clock(*room, *control, now);
  if (auto ok = store_.insert_game(record); !ok) return store_failed(ok);
  {
    std::lock_guard rooms_lock(rooms_mutex_);
    rooms_[room->id] = room;
  }
  std::lock_guard lock(room->mutex);
  maybe_start_bot(room);
  arm_flag(room);
  json out = state_of(*room);
  out["tokens"] = std::move(tokens);
  return {201, out};
}

ApiResult GameService::get(const std::string& id) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  std::lock_guard lock(room->mutex);
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
  room->draw_offer = room->takeback_offer = -1;
  room->draw_agreed = room->takeback_agreed = 0;
  room->declined.clear();
  ++room->epoch;
  maybe_start_bot(room);
  return {200, changed(*room)};
}

ApiResult GameService::move(const std::string& id, const SeatKey& key, const json& body) {
  if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
    return fail(400, "the body must be {\"move\": \"e2e3\"}");
  auto [room, lock, seat, error] = seated(id, key);
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
  std::unique_ptr<Match> after = m.clone();
  after->resign(seat);
  const Now now = clock_now();
  auto clock = clock_after(*room, *after, now, false);
  const auto record = clock_record(clock, now);
  if (auto ok = store_.set_result(room->id, after->result(), after->reason(), places_if_over(*after),
                                  record ? &*record : nullptr);
      !ok)
    return store_failed(ok);
  m.resign(seat);
  room->clock = std::move(clock);
  arm_flag(room);
  stop_bot(*room);
  ++room->epoch;
  return {200, changed(*room)};
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
