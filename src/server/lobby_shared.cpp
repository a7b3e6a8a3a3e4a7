// One lobby for the processes on one database (lobby.h): the seeks as JSON
// documents in the store, every change made on them as stored under the
// store's lobby lock, each process's copy read again when another tells of
// a change. Times cross processes as wall-clock ms (a steady clock is one
// process's); sockets never leave their process.
#include <iostream>

#include "server/lobby.h"

namespace server {

using nlohmann::json;

namespace {

std::int64_t wall_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A renewal of seen_ms is written only when it moves by more than this (an
// eighth of the grace, at most a second), so that converting between the
// clocks does not rewrite a seek every time.
constexpr std::int64_t SEEN_SLACK_MAX_MS = 1000;

const char* phase_name(Seek::Phase phase) {
  switch (phase) {
    case Seek::Phase::Open: return "open";
    case Seek::Phase::Pairing: return "pairing";
    case Seek::Phase::Paired: return "paired";
  }
  return "open";
}

}  // namespace

bool Lobby::renewal_due(const Party& party) const {
  return wall_now_ms() - party.seen_ms >= options_.grace.count() / 4;
}

json Lobby::document(Seek& seek) {
  const auto t = now();
  const std::int64_t wall = wall_now_ms();
  const auto wall_of = [&](Clock::time_point at) {
    return wall - std::chrono::duration_cast<std::chrono::milliseconds>(t - at).count();
  };
  const std::int64_t slack = std::min<std::int64_t>(SEEN_SLACK_MAX_MS, options_.grace.count() / 8);
  json parties = json::array();
  for (Party& p : seek.parties) {
    if (const std::int64_t seen = wall_of(p.last_seen); seen > p.seen_ms + slack) p.seen_ms = seen;
    parties.push_back({{"token", p.token},
                       {"account", p.player.account},
                       {"name", p.player.name},
                       {"rating", p.player.rating},
                       {"address", p.caller.address},
                       {"account_id", p.caller.account_id},
                       {"username", p.caller.username},
                       {"seen_ms", p.seen_ms},
                       {"seat", p.seat},
                       {"seat_token", p.seat_token}});
  }
  const SeekTerms& terms = seek.terms;
  return {{"number", seek.number},
          {"created_ms", seek.created_ms},
          {"phase", phase_name(seek.phase)},
          {"since_ms", seek.phase == Seek::Phase::Open ? 0 : wall_of(seek.paired_at)},
          {"game_id", seek.game_id},
          {"terms",
           {{"variant", terms.variant},
            {"clock", terms.clock},
            {"rated", terms.rated},
            {"color", terms.color},
            {"seats", terms.seats}}},
          {"parties", parties}};
}

std::optional<Seek> Lobby::from_document(const std::string& id, const std::string& text) const {
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return std::nullopt;
  const auto t = now();
  const std::int64_t wall = wall_now_ms();
  const auto at = [&](std::int64_t ms) { return t - std::chrono::milliseconds(wall - ms); };
  try {
    Seek seek;
    seek.id = id;
    seek.number = doc.at("number").get<std::uint64_t>();
    seek.created_ms = doc.at("created_ms").get<std::int64_t>();
    const std::string phase = doc.at("phase").get<std::string>();
    seek.phase = phase == "paired"    ? Seek::Phase::Paired
                 : phase == "pairing" ? Seek::Phase::Pairing
                                      : Seek::Phase::Open;
    seek.paired_at = at(doc.at("since_ms").get<std::int64_t>());
    seek.game_id = doc.at("game_id").get<std::string>();
    const json& terms = doc.at("terms");
    seek.terms.variant = terms.at("variant").get<std::string>();
    seek.terms.clock = terms.at("clock");
    seek.terms.rated = terms.at("rated").get<bool>();
    seek.terms.color = terms.at("color").get<std::string>();
    seek.terms.seats = terms.at("seats").get<std::vector<std::string>>();
    for (const json& p : doc.at("parties")) {
      Party party;
      party.token = p.at("token").get<std::string>();
      party.player.account = p.at("account").get<std::string>();
      party.player.name = p.at("name");
      party.player.rating = p.at("rating");
      party.caller.address = p.at("address").get<std::string>();
      party.caller.account_id = p.at("account_id").get<std::int64_t>();
      party.caller.username = p.at("username").get<std::string>();
      party.seen_ms = p.at("seen_ms").get<std::int64_t>();
      party.last_seen = at(party.seen_ms);
      party.seat = p.at("seat").get<std::string>();
      party.seat_token = p.at("seat_token").get<std::string>();
      seek.parties.push_back(std::move(party));
    }
    if (seek.parties.empty()) return std::nullopt;
    return seek;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

void Lobby::adopt_locked(const SeekDocuments& docs) {
  SeekMap fresh;
  for (const auto& [id, text] : docs) {
    std::optional<Seek> seek = from_document(id, text);
    if (!seek) {
      std::cerr << "lobby: seek " << id << " as stored cannot be read; passed over\n";
      continue;
    }
    made_ = std::max(made_, seek->number);
    const auto old = seeks_.find(id);
    if (old != seeks_.end()) {
      const bool paired_now = old->second.phase != Seek::Phase::Paired && seek->phase == Seek::Phase::Paired;
      for (Party& party : seek->parties) {
        const Party* was = old->second.party_of(party.token);
        if (!was) continue;
        party.sockets = was->sockets;
        party.last_seen = std::max(party.last_seen, was->last_seen);
        // Paired on another process: this process's sockets of the party hear it.
        if (!paired_now) continue;
        auto text = std::make_shared<const std::string>(paired_message(*seek, party).dump());
        for (const auto& socket : party.sockets)
          if (auto live = socket.lock()) live->deliver(text);
      }
    }
    fresh.emplace(id, std::move(*seek));
  }
  seeks_ = std::move(fresh);
}

SeekDocuments Lobby::documents_locked() {
  SeekDocuments docs;
  for (auto& [id, seek] : seeks_) docs.emplace(id, document(seek).dump());
  return docs;
}

bool Lobby::reload_locked() {
  const auto docs = options_.shared->seeks();
  if (!docs) return false;
  adopt_locked(*docs);
  return true;
}

ApiResult Lobby::change_locked(const std::function<ApiResult()>& act) {
  if (!options_.shared) return act();
  ApiResult result{503, json{{"error", "the lobby could not be read from the store"}}};
  const WriteResult written = options_.shared->change_seeks([&](SeekDocuments& docs) -> std::string {
    adopt_locked(docs);
    result = act();
    docs = documents_locked();
    return "";
  });
  if (written) return result;
  // What `act` changed was not stored: the copy goes back to the store's.
  if (reload_locked() && json{{"type", "seeks"}, {"seeks", list_locked()}}.dump() != listed_)
    broadcast_locked();
  return {503, json{{"error", "the lobby could not be changed: " + written.error()}}};
}

void Lobby::changed_elsewhere() {
  std::lock_guard lock(mutex_);
  if (!options_.shared || !reload_locked()) return;
  if (json{{"type", "seeks"}, {"seeks", list_locked()}}.dump() != listed_) broadcast_locked();
}

}  // namespace server
