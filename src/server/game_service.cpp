#include "server/game_service.h"

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <ctime>
#include <iostream>
#include <random>

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

// The variant a request names, "chaturanga" when it names none.
core::Expected<std::string> variant_of(const json& body) {
  if (!body.contains("variant")) return std::string("chaturanga");
  if (!body["variant"].is_string()) return core::error("variant must be a string such as \"chaturanga\"");
  return body["variant"].get<std::string>();
}

// 507 when the disk is full, 503 when the database is read-only: the client
// may try again later, and nothing was changed in the meantime.
ApiResult store_failed(const WriteResult& write) {
  using Fault = WriteResult::Fault;
  const int status = write.fault == Fault::Full ? 507 : write.fault == Fault::ReadOnly ? 503 : 500;
  return fail(status, "nothing was changed: the game could not be saved (" + write.message + ")");
}

namespace {

constexpr int ID_LENGTH = 10;
constexpr std::size_t LIST_MAX = 100;

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 &&
         std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isalnum(c); });
}

std::int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
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
  if (options_.sweep_every.count() > 0) sweeper_ = std::thread([this] { sweep_loop(); });
}

GameService::~GameService() {
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
  // or its move could not be stored) owes a move: the bot starts now.
  std::lock_guard room_lock(room->mutex);
  maybe_start_bot(room);
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
  return s;
}

json GameService::changed(Room& room) {
  json state = state_of(room);
  auto text = std::make_shared<const std::string>(state.dump());
  auto& subs = room.subscribers;
  subs.erase(std::remove_if(subs.begin(), subs.end(),
                            [&](const std::weak_ptr<Subscriber>& w) {
                              auto s = w.lock();
                              if (s) s->deliver(text);
                              return !s;
                            }),
             subs.end());
  return state;
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
  if (body.contains("practice") && !body["practice"].is_boolean())
    return fail(400, "practice must be true or false");
  const bool practice = body.value("practice", false);
  if (body.contains("rated") && !body["rated"].is_boolean()) return fail(400, "rated must be true or false");
  const bool rated = body.value("rated", false);
  auto made = make_match(variant, fen, MatchOptions{practice, {}});
  if (!made) return fail(400, made.error());
  auto room = std::make_shared<Room>();
  room->practice = practice;
  room->rated = rated;
  room->match = std::move(made).value();
  room->id = random_token(ID_LENGTH);
  room->created_ms = now_ms();
  room->seed = std::uint32_t(std::random_device{}());
  if (body.contains("seed")) {
    const json& seed = body["seed"];
    if (!seed.is_number_integer() || seed.get<std::int64_t>() < 0 || seed.get<std::int64_t>() > 0xFFFFFFFFLL)
      return fail(400, "seed must be an integer from 0 to 4294967295");
    room->seed = std::uint32_t(seed.get<std::int64_t>());
  }
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
  if (ApiResult refused = rated_refusal(room->seats, caller); rated && refused.status != 200) return refused;
  for (const std::string& key : caller.limit_keys())
    if (auto verdict = creations_.allow(key); !verdict)
      return too_many_games(key, caller, options_.games_per_minute, verdict.retry_after);
  const auto people = std::count_if(room->seats.begin(), room->seats.end(), [](const SeatRecord& s) {
    return s.kind == "human" || s.kind == "open";
  });
  if (const std::string why = practice_refusal(int(people), rated); practice && !why.empty())
    return fail(400, why);
  GameRecord record{room->id,
                    variant,
                    room->match->start_fen(),
                    room->seats,
                    room->seed,
                    room->created_ms,
                    room->match->result(),
                    room->match->reason(),
                    {},
                    room->match->dice_secret(),
                    practice,
                    bot_to_move(*room),
                    rated};
  if (auto ok = store_.insert_game(record); !ok) return store_failed(ok);
  {
    std::lock_guard rooms_lock(rooms_mutex_);
    rooms_[room->id] = room;
  }
  std::lock_guard lock(room->mutex);
  maybe_start_bot(room);
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
                     {"created_ms", room->created_ms}});
  }
  return {200, json{{"games", games}}};
}

ApiResult GameService::play_locked(const RoomPtr& room, const std::string& move) {
  Match& m = *room->match;
  const int ply = m.ply();
  if (auto ok = m.play(move); !ok) return fail(409, ok.error());
  if (auto ok = store_.append_move(room->id, ply, move, m.result(), m.reason(), bot_to_move(*room),
                                   places_if_over(m));
      !ok) {
    m.undo();
    return store_failed(ok);
  }
  room->draw_offer = room->takeback_offer = -1;
  room->draw_agreed = room->takeback_agreed = 0;
  ++room->epoch;
  maybe_start_bot(room);
  return {200, changed(*room)};
}

ApiResult GameService::move(const std::string& id, const SeatKey& key, const json& body) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  if (!body.is_object() || !body.contains("move") || !body["move"].is_string())
    return fail(400, "the body must be {\"move\": \"e2e3\"}");
  std::lock_guard lock(room->mutex);
  const std::string move = body["move"].get<std::string>();
  if (!room->match->well_formed(move))
    return fail(400, "'" + move + "' is not written as a move of " + std::string(room->match->variant()) +
                         " (e.g. e2e3; docs/api.md)");
  ApiResult error;
  const int seat = seat_of(*room, key, error);
  if (seat < 0) return error;
  if (room->match->over()) return fail(409, "the game is over (" + room->match->reason() + ")");
  if (room->match->turn() != seat)
    return fail(409, "not your turn: " + room->match->seats()[room->match->turn()] + " is to move");
  return play_locked(room, move);
}

ApiResult GameService::undo_for_locked(const RoomPtr& room, int seat) {
  Match& m = *room->match;
  std::unique_ptr<Match> probe = m.clone();
  int plies = 0;
  bool found = false;
  while (probe->undo()) {
    ++plies;
    if (probe->turn() == seat) {
      found = true;
      break;
    }
  }
  if (!found) return fail(409, "there is no move of " + m.seats()[seat] + " to take back");
  const bool bot_next = probe->turn() >= 0 && bot_level(room->seats[probe->turn()].kind) > 0;
  if (auto ok = store_.truncate_moves(room->id, m.ply() - plies, probe->result(), probe->reason(), bot_next);
      !ok)
    return store_failed(ok);
  for (int i = 0; i < plies; ++i) m.undo();
  stop_bot(*room);
  room->draw_offer = room->takeback_offer = -1;
  room->draw_agreed = room->takeback_agreed = 0;
  ++room->epoch;
  maybe_start_bot(room);
  return {200, changed(*room)};
}

bool GameService::at_named_ply(const Room& room, const json& body, ApiResult& error) const {
  if (!body.contains("ply")) return true;
  if (!body["ply"].is_number_integer()) {
    error = fail(400, "ply must be a whole number: the ply of the game the request answers");
    return false;
  }
  const int ply = room.match->ply();
  if (body["ply"].get<std::int64_t>() == ply) return true;
  error = fail(409, "the game has moved on: it is at ply " + std::to_string(ply) + ", not " +
                        body["ply"].dump() + "; nothing was changed");
  return false;
}

namespace {

// The body's "accept", checked: true when it only accepts an offer.
core::Expected<bool> accepts(const json& body) {
  if (!body.is_object()) return core::error("the body must be a JSON object such as {\"accept\": true}");
  if (!body.contains("accept")) return false;
  if (!body["accept"].is_boolean()) return core::error("accept must be true or false");
  return body["accept"].get<bool>();
}

}  // namespace

ApiResult GameService::takeback(const std::string& id, const SeatKey& key, const json& body) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  const auto accept = accepts(body);
  if (!accept) return fail(400, accept.error());
  std::lock_guard lock(room->mutex);
  ApiResult error;
  const int seat = seat_of(*room, key, error);
  if (seat < 0) return error;
  if (!at_named_ply(*room, body, error)) return error;
  if (room->rated && room->match->over()) return fail(409, "a rated game that has ended stays ended");
  if (others_are_bots(*room, seat)) return undo_for_locked(room, seat);
  // Bots take a move back whenever the people do; every person with a say must.
  const unsigned needed = room->match->agreement_seats() & people_seats(*room);
  if (!(needed >> seat & 1u))
    return fail(409, room->match->seats()[seat] + " is out of the game and has no say in a take-back");
  if (room->takeback_offer < 0) {
    // An accept that finds no offer (a move withdrew it) must not become
    // an offer of its own.
    if (*accept) return fail(409, "the take-back offer is gone: nothing to accept; nothing was changed");
    std::unique_ptr<Match> probe = room->match->clone();
    if (!probe->undo()) return fail(409, "there is no move to take back");
    room->takeback_offer = seat;
  } else if (room->takeback_agreed >> seat & 1u) {
    // The same seat again changes nothing, so nothing is pushed again.
    return {200, state_of(*room)};
  }
  room->takeback_agreed |= 1u << seat;
  if ((room->takeback_agreed & needed) == needed) return undo_for_locked(room, room->takeback_offer);
  return {200, changed(*room)};
}

ApiResult GameService::resign(const std::string& id, const SeatKey& key) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  std::lock_guard lock(room->mutex);
  ApiResult error;
  const int seat = seat_of(*room, key, error);
  if (seat < 0) return error;
  Match& m = *room->match;
  if (m.over()) return fail(409, "the game is over (" + m.reason() + ")");
  std::unique_ptr<Match> after = m.clone();
  after->resign(seat);
  if (auto ok = store_.set_result(room->id, after->result(), after->reason(), places_if_over(*after)); !ok)
    return store_failed(ok);
  m.resign(seat);
  stop_bot(*room);
  ++room->epoch;
  return {200, changed(*room)};
}

ApiResult GameService::draw(const std::string& id, const SeatKey& key, const json& body) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  const auto accept = accepts(body);
  if (!accept) return fail(400, accept.error());
  std::lock_guard lock(room->mutex);
  ApiResult error;
  const int seat = seat_of(*room, key, error);
  if (seat < 0) return error;
  Match& m = *room->match;
  if (m.over()) return fail(409, "the game is over (" + m.reason() + ")");
  if (!at_named_ply(*room, body, error)) return error;
  // Every seat with a say must agree, one offer per seat (chaturaji/agreement.h).
  const unsigned needed = m.agreement_seats();
  if (!(needed >> seat & 1u))
    return fail(409, m.seats()[seat] + " is out of the game and has no say in a draw");
  if (needed & ~people_seats(*room)) return fail(409, "the bot does not take draw offers");
  if (room->draw_offer < 0) {
    if (*accept) return fail(409, "the draw offer is gone: nothing to accept; nothing was changed");
    room->draw_offer = seat;
  } else if (room->draw_agreed >> seat & 1u) {
    // The same offer again changes nothing, so nothing is pushed again.
    return {200, state_of(*room)};
  }
  room->draw_agreed |= 1u << seat;
  if ((room->draw_agreed & needed) != needed) return {200, changed(*room)};
  std::unique_ptr<Match> after = m.clone();
  after->agree_draw();
  if (auto ok = store_.set_result(room->id, after->result(), after->reason(), places_if_over(*after)); !ok)
    return store_failed(ok);
  m.agree_draw();
  room->draw_offer = -1;
  room->draw_agreed = 0;
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

ApiResult GameService::subscribe(const std::string& id, std::weak_ptr<Subscriber> subscriber) {
  RoomPtr room = find(id);
  if (!room) return fail(404, "no game " + id);
  std::lock_guard lock(room->mutex);
  std::erase_if(room->subscribers, [](const std::weak_ptr<Subscriber>& w) { return w.expired(); });
  room->subscribers.push_back(std::move(subscriber));
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
    // Offers live only in memory; a thinking bot owes the game a move.
    if (room->thinking || room->draw_offer >= 0 || room->takeback_offer >= 0) return false;
    return std::all_of(room->subscribers.begin(), room->subscribers.end(),
                       [](const std::weak_ptr<Subscriber>& w) { return w.expired(); });
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
