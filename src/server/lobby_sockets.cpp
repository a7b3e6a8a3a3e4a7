// The lobby's sockets and the liveness of its parties (lobby.h).
#include <algorithm>

#include "server/lobby.h"

namespace server {

using nlohmann::json;

namespace {

// A client may keep this many seeks alive from one socket.
constexpr std::size_t OWN_MAX = 16;
// A seek left "being paired" this long by a process that stopped is dropped.
constexpr auto PAIRING_MAX = std::chrono::seconds(60);

bool same_socket(const std::weak_ptr<Subscriber>& a, const std::weak_ptr<Subscriber>& b) {
  return !a.owner_before(b) && !b.owner_before(a);
}

json socket_error(const std::string& message) { return {{"type", "error"}, {"error", message}}; }

}  // namespace

json Lobby::subscribe(const std::weak_ptr<Subscriber>& socket) {
  std::lock_guard lock(mutex_);
  if (options_.shared) reload_locked();
  std::erase_if(subscribers_, [](const auto& s) { return s.expired(); });
  subscribers_.push_back(socket);
  return {{"type", "seeks"}, {"seeks", list_locked()}};
}

json Lobby::heard(const std::weak_ptr<Subscriber>& socket, std::string_view text) {
  const json message = json::parse(text, nullptr, false);
  if (message.is_discarded() || !message.is_object() || !message.contains("own") ||
      !message["own"].is_array())
    return socket_error("send {\"own\": [\"<seek token>\", ...]} to keep your seeks alive");
  const json& own = message["own"];
  if (own.size() > OWN_MAX)
    return socket_error("own: at most " + std::to_string(OWN_MAX) + " tokens on one socket");
  if (!std::all_of(own.begin(), own.end(), [](const json& t) { return t.is_string(); }))
    return socket_error("own: every token must be a string");
  json found = json::array();
  std::vector<std::shared_ptr<const std::string>> missed;
  {
    std::lock_guard lock(mutex_);
    // A shared lobby's copy may not yet know a seek made on another process.
    if (options_.shared) reload_locked();
    release_locked(socket);
    bool renew = false;
    for (auto& [id, seek] : seeks_)
      for (const json& token : own) {
        Party* party = seek.party_of(token.get<std::string>());
        if (!party) continue;
        found.push_back(id);
        party->sockets.push_back(socket);
        party->last_seen = now();
        renew = renew || (options_.shared && renewal_due(*party));
        // A socket that missed the pairing (it was closed then) hears it now.
        if (seek.phase == Seek::Phase::Paired)
          missed.push_back(std::make_shared<const std::string>(paired_message(seek, *party).dump()));
      }
    // The other processes learn at once that the party lives here now.
    if (renew) change_locked([] { return ApiResult{200, {}}; });
  }
  if (auto live = socket.lock())
    for (auto& text : missed) live->deliver(text);
  return {{"type", "owned"}, {"seeks", found}};
}

void Lobby::closed(const std::weak_ptr<Subscriber>& socket) {
  std::lock_guard lock(mutex_);
  release_locked(socket);
  std::erase_if(subscribers_, [&](const auto& s) { return s.expired() || same_socket(s, socket); });
}

void Lobby::release_locked(const std::weak_ptr<Subscriber>& socket) {
  const auto t = now();
  for (auto& [id, seek] : seeks_)
    for (Party& party : seek.parties) {
      const auto before = party.sockets.size();
      std::erase_if(party.sockets, [&](const auto& s) { return s.expired() || same_socket(s, socket); });
      if (before > 0 && party.sockets.empty()) party.last_seen = t;
    }
}

std::size_t Lobby::sweep() {
  std::size_t dropped = 0;
  std::lock_guard lock(mutex_);
  change_locked([&]() -> ApiResult {
    dropped = 0;
    bool changed = false;
    const auto t = now();
    for (auto it = seeks_.begin(); it != seeks_.end();) {
      Seek& seek = it->second;
      if (seek.phase == Seek::Phase::Paired) {
        it = t - seek.paired_at >= options_.keep_paired ? seeks_.erase(it) : std::next(it);
        continue;
      }
      if (seek.phase == Seek::Phase::Pairing) {
        // A process stopped while it paired this seek (on one process
        // pairing cannot outlast a request): the others drop it.
        const bool stuck = options_.shared && t - seek.paired_at >= PAIRING_MAX;
        it = stuck ? seeks_.erase(it) : std::next(it);
        dropped += stuck;
        changed = changed || stuck;
        continue;
      }
      for (Party& party : seek.parties) {
        // A socket that ended without closed() (it never got going) counts as closed now.
        const auto before = party.sockets.size();
        std::erase_if(party.sockets, [](const auto& s) { return s.expired(); });
        if (before > 0 && party.sockets.empty()) party.last_seen = t;
        // A party with a socket here is renewed for the other processes.
        if (options_.shared && !party.sockets.empty() && renewal_due(party)) party.last_seen = t;
      }
      const auto dead = [&](const Party& p) {
        return p.sockets.empty() && t - p.last_seen >= options_.grace;
      };
      if (dead(seek.owner())) {
        it = seeks_.erase(it);
        ++dropped;
        changed = true;
        continue;
      }
      const auto before = seek.parties.size();
      seek.parties.erase(std::remove_if(seek.parties.begin() + 1, seek.parties.end(), dead),
                         seek.parties.end());
      changed = changed || seek.parties.size() != before;
      ++it;
    }
    if (changed) broadcast_locked();
    return {200, {}};
  });
  return dropped;
}

void Lobby::broadcast_locked() {
  auto text = std::make_shared<const std::string>(json{{"type", "seeks"}, {"seeks", list_locked()}}.dump());
  listed_ = *text;
  std::erase_if(subscribers_, [](const auto& s) { return s.expired(); });
  // A session's deliver() only posts to its own strand, so holding the lock
  // here is brief; its destructor does not call back into the lobby.
  for (const auto& s : subscribers_)
    if (auto live = s.lock()) live->deliver(text);
}

std::size_t Lobby::open_seeks() {
  std::lock_guard lock(mutex_);
  return std::size_t(std::count_if(seeks_.begin(), seeks_.end(),
                                   [](const auto& e) { return e.second.phase == Seek::Phase::Open; }));
}

void Lobby::sweep_loop() {
  std::unique_lock lock(sweep_mutex_);
  while (!stopping_) {
    sweep_wake_.wait_for(lock, options_.sweep_every, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    sweep();
    lock.lock();
  }
}

}  // namespace server
