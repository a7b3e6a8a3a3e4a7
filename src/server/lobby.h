// The lobby: seeks waiting for opponents, in memory only (a seek is an
// offer of the moment; a restart forgets them, and their owners seek again).
// An accept that completes a seek makes the game through GameService, as any
// client could: create with every seat "open", then join seat by seat, so
// the seek's "clock" and "rated" reach create() unchanged.
// Thread-safe: one lock over the seeks, never held while GameService works
// or while a subscriber could be destroyed by a call back into the lobby.
// Liveness: a party (owner or four-handed accepter) stays while one of its
// lobby sockets is open, and for `grace` after the last closed; a party that
// never opened one has `grace` from its seek or accept, renewed by its polls.
// A dead owner takes its seek with it; a dead accepter frees its place.
// One lobby for several processes (LobbyOptions::shared): the seeks live in
// the database the processes share, and every change to them is made on the
// seeks as stored, under the store's lobby lock (Store::change_seeks); each
// process keeps a copy, read again when another process tells of a change,
// and holds its own sockets. A party's sockets may be on any process: the
// one holding a socket renews the party's `seen_ms` in the store every
// quarter of `grace`, and a party dies once no process has renewed it for
// `grace`, so a seek dies between 3/4 and all of `grace` after its owner's
// last socket closed, wherever that was. A "paired" message reaches the
// parties' sockets on every process.
// Source: lobby.cpp (seeks, pairing), lobby_sockets.cpp (sockets, liveness),
// lobby_shared.cpp (the lobby shared through the store), seek.cpp (terms
// and listing), lobby_routes.cpp (the HTTP routes).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/game_service.h"
#include "server/rate_limiter.h"
#include "server/seek.h"

namespace server {

struct LobbyOptions {
  using Clock = std::chrono::steady_clock;
  std::chrono::milliseconds grace{30000};
  // A seek that became a game answers its parties' polls this long.
  std::chrono::milliseconds keep_paired{600000};
  // Seeks one caller key may make: a burst of this many, then this many a
  // minute (0: no limit); and how many it may have open at once.
  double seeks_per_minute = 20;
  std::size_t open_per_key = 3;
  // Who a caller is (account, name and rating for the variant). The default
  // knows only guests; the accounts service replaces it.
  std::function<SeekPlayer(const Caller&, const std::string& variant)> identify;
  // How often dead seeks are looked for; 0: only when sweep() is called.
  std::chrono::milliseconds sweep_every{-1};  // negative: a fifth of grace, 10 ms to 1 s
  std::function<Clock::time_point()> now;     // tests move time by hand
  // The database several processes share (Store::shared()): one lobby for
  // them all. Null: this process's seeks, in memory.
  Store* shared = nullptr;
};

class Lobby {
 public:
  Lobby(GameService& service, LobbyOptions options = {});
  ~Lobby();
  Lobby(const Lobby&) = delete;
  Lobby& operator=(const Lobby&) = delete;

  // POST /api/seeks → 201 {"id", "token"}.
  ApiResult create(const nlohmann::json& body, const Caller& caller);
  // GET /api/seeks → 200 {"seeks": [...]}, oldest first.
  ApiResult list();
  // POST /api/seeks/{id}/accept; `token`: the request's bearer token, so
  // that presenting a party's own token is refused (409). 201 the game's
  // state with "seat" and "token" when the accept completes the seek; 202
  // {"id", "token", "joined", "players"} for a place in a four-handed one.
  ApiResult accept(const std::string& id, const std::string& token, const Caller& caller);
  // POST /api/seeks/quick: accept the oldest open seek of someone else with
  // the same variant, clock and rated flag, or else make one ("paired").
  ApiResult quick(const nlohmann::json& body, const std::string& token, const Caller& caller);
  // GET /api/seeks/{id} with a party's token → {"game_id", "seat", "token"}.
  ApiResult poll(const std::string& id, const std::string& token);
  // DELETE /api/seeks/{id}: the owner's token cancels the seek, an
  // accepter's withdraws its place.
  ApiResult cancel(const std::string& id, const std::string& token);
  // POST /api/seeks/{id}/start {"bots": level}: the owner fills the places
  // still open with bots and the game starts → 201 as accept.
  ApiResult start(const std::string& id, const std::string& token, const nlohmann::json& body);

  // The lobby socket: the list on connect (as GET /api/seeks, with "type":
  // "seeks") and after every change, to every subscriber.
  nlohmann::json subscribe(const std::weak_ptr<Subscriber>& socket);
  // A client's message {"own": [token, ...]}: the parties this socket keeps
  // alive from now on (it replaces the socket's earlier claims). The answer
  // {"type": "owned", "seeks": [ids]} names the seeks that were found.
  nlohmann::json heard(const std::weak_ptr<Subscriber>& socket, std::string_view text);
  // The socket has closed: its parties' grace starts now.
  void closed(const std::weak_ptr<Subscriber>& socket);

  // Drops the parties and seeks past their grace and the paired seeks past
  // keep_paired; returns how many seeks were dropped. The sweeper calls it.
  std::size_t sweep();
  std::size_t open_seeks();
  // Stops the sweeper (the destructor does too); before the sockets' io_context goes.
  void stop();

 private:
  using Clock = LobbyOptions::Clock;
  using SeekMap = std::map<std::string, Seek>;
  Clock::time_point now() const { return options_.now(); }
  SeekPlayer identify(const Caller& caller, const std::string& variant) const;
  // The checks before a place is taken; the lock is held.
  ApiResult refuse_accept(Seek& seek, const std::string& token, const SeekPlayer& who) const;
  // Makes the game of a full seek (phase pairing) and seats its parties;
  // `bots` fills the places nobody took. Returns the game state for the
  // party at `answer` with its seat and token, or the failure.
  ApiResult pair(const std::string& id, std::size_t answer, int bots);
  ApiResult make_game(const Seek& seek, std::size_t answer, int bots, std::vector<std::string>& seat_of,
                      std::vector<std::string>& token_of);
  void paired(const std::string& id, const std::string& game_id, const std::vector<std::string>& seat_of,
              const std::vector<std::string>& token_of);
  // The open seeks, oldest first, as listed; the lock is held.
  nlohmann::json list_locked() const;
  // Sends the list to every subscriber; the lock is held.
  void broadcast_locked();
  // Removes `socket` from every party's sockets; the lock is held.
  void release_locked(const std::weak_ptr<Subscriber>& socket);
  static nlohmann::json paired_message(const Seek& seek, const Party& party);
  void sweep_loop();
  // The seek `id`, read again from a shared store when this copy lacks it
  // (made on another process a moment ago); nullptr if none. Lock held.
  Seek* find_locked(const std::string& id);

  // lobby_shared.cpp. Runs `act` on the seeks: on a shared store inside its
  // lobby transaction, on the seeks as stored (read into seeks_ first,
  // written back after); else on seeks_ alone. The lock is held, and `act`
  // must look its seeks up itself: the map is new.
  ApiResult change_locked(const std::function<ApiResult()>& act);
  // Reads the seeks as stored into seeks_ (a shared store); false if it cannot.
  bool reload_locked();
  // Another process changed the seeks: read again, pushed if the list changed.
  void changed_elsewhere();
  // seeks_ becomes the seeks of `docs`, keeping this process's sockets, and
  // the "paired" message goes to the sockets of the seeks paired meanwhile.
  void adopt_locked(const SeekDocuments& docs);
  SeekDocuments documents_locked();
  nlohmann::json document(Seek& seek);
  // Whether a party's renewal is due in the store (a quarter of grace since the last).
  bool renewal_due(const Party& party) const;
  std::optional<Seek> from_document(const std::string& id, const std::string& text) const;

  GameService& service_;
  LobbyOptions options_;
  RateLimiter seeks_made_;
  std::mutex mutex_;
  SeekMap seeks_;
  std::uint64_t made_ = 0;
  std::vector<std::weak_ptr<Subscriber>> subscribers_;
  // The list as last pushed, so that a copy read again pushes only a change.
  std::string listed_;

  std::mutex sweep_mutex_;
  std::condition_variable sweep_wake_;
  bool stopping_ = false;
  std::thread sweeper_;
};

// The routes under /api/seeks: `parts` is the path split at '/' ("api",
// "seeks", ...), `token` the bearer token, `body` the parsed JSON body.
ApiResult route_seeks(Lobby& lobby, std::string_view method, const std::vector<std::string>& parts,
                      const std::string& token, const nlohmann::json& body, const Caller& caller);

}  // namespace server
