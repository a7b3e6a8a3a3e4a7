#include "server/lobby.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "server/token.h"

namespace server {

using nlohmann::json;

namespace {

constexpr int ID_LENGTH = 10;
constexpr int TOKEN_LENGTH = 32;
constexpr int BOT_LEVEL_MAX = 8;

ApiResult refuse(int status, std::string message) { return {status, json{{"error", std::move(message)}}}; }

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// An index below `n` from the OS's random source: who plays which colour
// must not be predictable from earlier draws.
std::size_t secure_index(std::size_t n) {
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  return std::uniform_int_distribution<std::size_t>(0, n - 1)(device);
}

// The seat order of a game: order[i] is the index (in terms.seats) of the
// i-th party's seat; the owner's wished colour first, the rest drawn.
std::vector<std::size_t> draw_seats(const SeekTerms& terms) {
  std::vector<std::size_t> order(terms.seats.size());
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[secure_index(i)]);
  if (terms.color != "random") {
    const auto wished =
        std::size_t(std::find(terms.seats.begin(), terms.seats.end(), terms.color) - terms.seats.begin());
    std::swap(order[0], *std::find(order.begin(), order.end(), wished));
  }
  return order;
}

// The one place a party takes its seat, as the party: a seat taken with a
// session belongs to that account (docs/api.md, Lobby).
ApiResult join_seat(GameService& service, const std::string& game_id, const std::string& seat,
                    const Party& party) {
  return service.join(game_id, json{{"seat", seat}}, party.caller);
}

bool has_key(const Caller& owner, const std::string& key) {
  const auto keys = owner.limit_keys();
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

Lobby::Lobby(GameService& service, LobbyOptions options)
    : service_(service),
      options_(std::move(options)),
      seeks_made_(options_.seeks_per_minute / 60, options_.seeks_per_minute) {
  if (!options_.now) options_.now = [] { return Clock::now(); };
  if (options_.sweep_every.count() < 0)
    options_.sweep_every =
        std::clamp(options_.grace / 5, std::chrono::milliseconds(10), std::chrono::milliseconds(1000));
  if (options_.sweep_every.count() > 0) sweeper_ = std::thread([this] { sweep_loop(); });
  if (options_.shared) options_.shared->on_seeks_elsewhere([this] { changed_elsewhere(); });
}

Lobby::~Lobby() { stop(); }

void Lobby::stop() {
  if (options_.shared) options_.shared->on_seeks_elsewhere(nullptr);
  {
    std::lock_guard lock(sweep_mutex_);
    stopping_ = true;
  }
  sweep_wake_.notify_all();
  if (sweeper_.joinable()) sweeper_.join();
}

SeekPlayer Lobby::identify(const Caller& caller, const std::string& variant) const {
  return options_.identify ? options_.identify(caller, variant) : SeekPlayer{};
}

ApiResult Lobby::create(const json& body, const Caller& caller) {
  auto terms = parse_seek(body);
  if (!terms) return refuse(400, terms.error());
  SeekPlayer who = identify(caller, terms->variant);
  if (terms->rated && who.account.empty())
    return refuse(401, "a rated seek needs a logged-in session; log in, or seek a casual game");
  std::lock_guard lock(mutex_);
  return change_locked([&]() -> ApiResult {
    for (const std::string& key : caller.limit_keys()) {
      const auto open = std::count_if(seeks_.begin(), seeks_.end(), [&](const auto& entry) {
        return entry.second.phase != Seek::Phase::Paired && has_key(entry.second.owner().caller, key);
      });
      if (std::size_t(open) >= options_.open_per_key)
        return refuse(429, "at most " + std::to_string(options_.open_per_key) + " open seeks from " +
                               caller.address + "; cancel one first");
    }
    for (const std::string& key : caller.limit_keys())
      if (auto verdict = seeks_made_.allow(key); !verdict) {
        ApiResult refused =
            refuse(429, "too many seeks from " + caller.address + ": at most " +
                            std::to_string(int(options_.seeks_per_minute)) + " a minute; try again in " +
                            std::to_string(verdict.retry_after.count()) + " s");
        refused.retry_after = verdict.retry_after;
        return refused;
      }
    Seek seek;
    do seek.id = random_token(ID_LENGTH);
    while (seeks_.contains(seek.id));
    seek.number = ++made_;
    seek.terms = *terms;
    seek.created_ms = wall_ms();
    seek.parties.push_back(Party{random_token(TOKEN_LENGTH), who, caller, {}, now(), 0, "", ""});
    json out{{"id", seek.id}, {"token", seek.owner().token}};
    seeks_.emplace(seek.id, std::move(seek));
    broadcast_locked();
    return {201, out};
  });
}

json Lobby::list_locked() const {
  std::vector<const Seek*> open;
  for (const auto& [id, seek] : seeks_)
    if (seek.phase == Seek::Phase::Open) open.push_back(&seek);
  std::sort(open.begin(), open.end(), [](const Seek* a, const Seek* b) { return a->number < b->number; });
  json seeks = json::array();
  for (const Seek* seek : open) seeks.push_back(seek->listed());
  return seeks;
}

ApiResult Lobby::list() {
  std::lock_guard lock(mutex_);
  // A shared lobby answers as stored: a seek made on another process a
  // moment ago is listed though its notification has not come yet.
  if (options_.shared) reload_locked();
  return {200, json{{"seeks", list_locked()}}};
}

Seek* Lobby::find_locked(const std::string& id) {
  auto it = seeks_.find(id);
  if (it == seeks_.end() && options_.shared && reload_locked()) it = seeks_.find(id);
  return it == seeks_.end() ? nullptr : &it->second;
}

ApiResult Lobby::refuse_accept(Seek& seek, const std::string& token, const SeekPlayer& who) const {
  if (seek.party_of(token)) return refuse(409, "seek " + seek.id + " is your own");
  if (!who.account.empty())
    for (const Party& p : seek.parties)
      if (p.player.account == who.account) return refuse(409, "seek " + seek.id + " is your own");
  if (seek.phase != Seek::Phase::Open) return refuse(409, "seek " + seek.id + " is already taken");
  if (seek.terms.rated && who.account.empty())
    return refuse(401, "seek " + seek.id + " is rated: accepting it needs a logged-in session");
  return {200, {}};
}

ApiResult Lobby::accept(const std::string& id, const std::string& token, const Caller& caller) {
  std::string variant;
  {
    std::lock_guard lock(mutex_);
    const Seek* seek = find_locked(id);
    if (!seek) return refuse(404, "no seek " + id + " (taken, cancelled or expired)");
    variant = seek->terms.variant;
  }
  const SeekPlayer who = identify(caller, variant);
  std::size_t answer = 0;
  bool full = false;
  {
    std::lock_guard lock(mutex_);
    ApiResult taken = change_locked([&]() -> ApiResult {
      const auto it = seeks_.find(id);
      if (it == seeks_.end()) return refuse(404, "no seek " + id + " (taken, cancelled or expired)");
      Seek& seek = it->second;
      if (ApiResult r = refuse_accept(seek, token, who); r.status != 200) return r;
      seek.parties.push_back(Party{random_token(TOKEN_LENGTH), who, caller, {}, now(), 0, "", ""});
      answer = seek.parties.size() - 1;
      full = seek.full();
      if (full) {
        seek.phase = Seek::Phase::Pairing;
        seek.paired_at = now();
      }
      broadcast_locked();
      return {202, json{{"id", id},
                        {"token", seek.parties.back().token},
                        {"joined", seek.parties.size()},
                        {"players", seek.terms.seats.size()}}};
    });
    if (taken.status != 202 || !full) return taken;
  }
  return pair(id, answer, 0);
}

ApiResult Lobby::start(const std::string& id, const std::string& token, const json& body) {
  if (token.empty()) return refuse(401, "starting a seek needs its token: Authorization: Bearer <token>");
  const json bots = body.is_object() ? body.value("bots", json(nullptr)) : json(nullptr);
  if (!bots.is_number_integer() || bots.get<int>() < 1 || bots.get<int>() > BOT_LEVEL_MAX)
    return refuse(400, "bots must be the bots' level, 1 to " + std::to_string(BOT_LEVEL_MAX));
  {
    std::lock_guard lock(mutex_);
    if (!find_locked(id)) return refuse(404, "no seek " + id + " (taken, cancelled or expired)");
    ApiResult started = change_locked([&]() -> ApiResult {
      const auto it = seeks_.find(id);
      if (it == seeks_.end()) return refuse(404, "no seek " + id + " (taken, cancelled or expired)");
      Seek& seek = it->second;
      const Party* party = seek.party_of(token);
      if (!party) return refuse(403, "this token is not one of seek " + id + "'s");
      if (party != &seek.owner()) return refuse(403, "only the seek's owner may fill it with bots");
      if (seek.phase != Seek::Phase::Open) return refuse(409, "seek " + id + " is already taken");
      // A rated game is between people: bots only complete a four-handed one.
      if (seek.terms.rated && (seek.terms.seats.size() == 2 || seek.parties.size() < 2))
        return refuse(
            400, "a rated seek is filled with bots only for a four-handed game with two people at least");
      seek.phase = Seek::Phase::Pairing;
      seek.paired_at = now();
      broadcast_locked();
      return {200, {}};
    });
    if (started.status != 200) return started;
  }
  return pair(id, 0, bots.get<int>());
}

ApiResult Lobby::quick(const json& body, const std::string& token, const Caller& caller) {
  if (!body.is_object()) return refuse(400, "the body must be a JSON object");
  json terms_body = json::object();
  for (const char* field : {"variant", "clock", "rated", "players"})
    if (body.contains(field)) terms_body[field] = body[field];
  auto terms = parse_seek(terms_body);
  if (!terms) return refuse(400, terms.error());
  const SeekPlayer who = identify(caller, terms->variant);
  // An accept can lose a race for the seek it picked; the next one is tried.
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::string pick;
    {
      std::lock_guard lock(mutex_);
      if (options_.shared) reload_locked();
      std::uint64_t oldest = 0;
      for (auto& [id, seek] : seeks_) {
        const SeekTerms& t = seek.terms;
        if (t.variant != terms->variant || t.rated != terms->rated || !same_clock(t.clock, terms->clock))
          continue;
        if (refuse_accept(seek, token, who).status != 200) continue;
        if (pick.empty() || seek.number < oldest) pick = id, oldest = seek.number;
      }
    }
    if (pick.empty()) break;
    ApiResult r = accept(pick, token, caller);
    if (r.status == 201 || r.status == 202) {
      r.body["paired"] = r.status == 201;
      return r;
    }
    if (r.status != 404 && r.status != 409) return r;
  }
  ApiResult made = create(terms_body, caller);
  if (made.status == 201) made.body["paired"] = false;
  return made;
}

ApiResult Lobby::poll(const std::string& id, const std::string& token) {
  if (token.empty()) return refuse(401, "this needs the seek's token: Authorization: Bearer <token>");
  std::lock_guard lock(mutex_);
  Seek* found = find_locked(id);
  // A shared lobby's copy may not have heard yet that the seek became a game.
  if (found && found->phase != Seek::Phase::Paired && options_.shared && reload_locked())
    found = find_locked(id);
  if (!found) return refuse(404, "no seek " + id + " (cancelled or expired)");
  Party* party = found->party_of(token);
  if (!party) return refuse(403, "this token is not one of seek " + id + "'s");
  party->last_seen = now();
  // On a shared store the poll's renewal is stored once it is due.
  if (options_.shared && renewal_due(*party)) {
    change_locked([] { return ApiResult{200, {}}; });
    found = find_locked(id);
    if (!found) return refuse(404, "no seek " + id + " (cancelled or expired)");
    party = found->party_of(token);
    if (!party) return refuse(403, "this token is not one of seek " + id + "'s");
  }
  const Seek* seek = found;
  if (seek->phase != Seek::Phase::Paired) {
    ApiResult waiting = refuse(404, "seek " + id + " has not become a game yet");
    waiting.body["joined"] = seek->parties.size();
    waiting.body["players"] = seek->terms.seats.size();
    return waiting;
  }
  return {
      200,
      json{{"seek", id}, {"game_id", seek->game_id}, {"seat", party->seat}, {"token", party->seat_token}}};
}

ApiResult Lobby::cancel(const std::string& id, const std::string& token) {
  if (token.empty()) return refuse(401, "cancelling needs the seek's token: Authorization: Bearer <token>");
  std::lock_guard lock(mutex_);
  if (!find_locked(id)) return refuse(404, "no seek " + id + " (taken, cancelled or expired)");
  return change_locked([&]() -> ApiResult {
    auto it = seeks_.find(id);
    if (it == seeks_.end()) return refuse(404, "no seek " + id + " (taken, cancelled or expired)");
    Seek& seek = it->second;
    Party* party = seek.party_of(token);
    if (!party) return refuse(403, "this token is not one of seek " + id + "'s");
    if (seek.phase != Seek::Phase::Open) return refuse(409, "seek " + id + " has already become a game");
    json out{{"id", id}};
    if (party == &seek.owner()) {
      seeks_.erase(it);
      out["cancelled"] = true;
    } else {
      seek.parties.erase(seek.parties.begin() + (party - seek.parties.data()));
      out["withdrawn"] = true;
    }
    broadcast_locked();
    return {200, out};
  });
}

ApiResult Lobby::pair(const std::string& id, std::size_t answer, int bots) {
  Seek seek;
  {
    std::lock_guard lock(mutex_);
    const Seek* found = find_locked(id);
    if (!found) return refuse(409, "seek " + id + " expired while it was being paired");
    seek = *found;
  }
  std::vector<std::string> seat_of(seek.parties.size()), token_of(seek.parties.size());
  ApiResult made = make_game(seek, answer, bots, seat_of, token_of);
  if (made.status != 201) {
    // The seek goes back to the list; the accept that failed leaves it.
    std::lock_guard lock(mutex_);
    change_locked([&]() -> ApiResult {
      const auto it = seeks_.find(id);
      if (it == seeks_.end()) return {200, {}};
      Seek& back = it->second;
      back.phase = Seek::Phase::Open;
      if (answer > 0 && answer < back.parties.size())
        back.parties.erase(back.parties.begin() + std::ptrdiff_t(answer));
      broadcast_locked();
      return {200, {}};
    });
    return made;
  }
  paired(id, made.body.value("id", ""), seat_of, token_of);
  return made;
}

ApiResult Lobby::make_game(const Seek& seek, std::size_t answer, int bots, std::vector<std::string>& seat_of,
                           std::vector<std::string>& token_of) {
  const SeekTerms& terms = seek.terms;
  const std::vector<std::size_t> order = draw_seats(terms);
  json kinds = json::object();
  for (std::size_t i = 0; i < order.size(); ++i)
    kinds[terms.seats[order[i]]] = i < seek.parties.size() ? "open" : "bot:" + std::to_string(bots);
  json body{{"variant", terms.variant}, {"seats", kinds}};
  if (!terms.clock.is_null()) body["clock"] = terms.clock;
  if (terms.rated) body["rated"] = true;
  ApiResult created = service_.create(body, seek.parties[answer].caller);
  if (created.status != 201) return created;
  const std::string game_id = created.body.value("id", "");
  // The answering party joins last, so that its answer shows every seat taken.
  std::vector<std::size_t> joins(seek.parties.size());
  std::iota(joins.begin(), joins.end(), 0);
  std::rotate(joins.begin() + std::ptrdiff_t(answer), joins.begin() + std::ptrdiff_t(answer) + 1,
              joins.end());
  ApiResult last;
  for (std::size_t i : joins) {
    last = join_seat(service_, game_id, terms.seats[order[i]], seek.parties[i]);
    if (last.status != 200) return last;
    seat_of[i] = last.body.value("seat", "");
    token_of[i] = last.body.value("token", "");
  }
  last.status = 201;
  return last;
}

void Lobby::paired(const std::string& id, const std::string& game_id, const std::vector<std::string>& seat_of,
                   const std::vector<std::string>& token_of) {
  std::lock_guard lock(mutex_);
  change_locked([&]() -> ApiResult {
    const auto it = seeks_.find(id);
    if (it == seeks_.end()) return {200, {}};
    Seek& seek = it->second;
    seek.phase = Seek::Phase::Paired;
    seek.game_id = game_id;
    seek.paired_at = now();
    for (std::size_t i = 0; i < seek.parties.size() && i < seat_of.size(); ++i) {
      Party& party = seek.parties[i];
      party.seat = seat_of[i];
      party.seat_token = token_of[i];
      // A session's deliver() only posts to its own strand (broadcast_locked).
      auto text = std::make_shared<const std::string>(paired_message(seek, party).dump());
      for (const auto& socket : party.sockets)
        if (auto live = socket.lock()) live->deliver(text);
    }
    return {200, {}};
  });
}

json Lobby::paired_message(const Seek& seek, const Party& party) {
  return {{"type", "paired"},
          {"seek", seek.id},
          {"game_id", seek.game_id},
          {"seat", party.seat},
          {"token", party.seat_token}};
}

}  // namespace server
