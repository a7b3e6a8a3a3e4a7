// What every session shares: the API, the page's files, and the limits.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>

#include "server/accounts/account_service.h"
#include "server/api.h"
#include "server/lobby.h"
#include "server/rate_limiter.h"
#include "server/static_files.h"

namespace server {

struct Limits {
  std::size_t body_bytes = 16 * 1024;
  int connections = 10000;
  double requests_per_second = 50;  // per client address; <= 0: no limit
  double request_burst = 200;
  std::size_t websocket_queue = 64;  // states waiting for a slow reader before it is dropped
  // Proxies (client_key() of each) whose X-Forwarded-For names the caller:
  // behind one, the limits per address count each player, not the proxy.
  std::vector<std::string> trusted_proxies;
  // A keep-alive connection waiting for its next request is closed quietly
  // after idle_timeout; once a request's first byte is in, the whole request
  // (headers and body) must follow within request_timeout or the client gets
  // 408 and the connection is closed. A reply not taken within write_timeout
  // drops the connection.
  std::chrono::milliseconds idle_timeout{30000};
  std::chrono::milliseconds request_timeout{10000};
  std::chrono::milliseconds write_timeout{10000};
};

struct ServerContext {
  ServerContext(GameService& s, Store& st, BotPool& p, std::string web_root, Limits l,
                LobbyOptions lobby_options = {}, accounts::AccountOptions account_options = {})
      : service(s),
        store(st),
        pool(p),
        accounts(st, s, account_options),
        lobby(s, shared_by(known_by(std::move(lobby_options), accounts), st)),
        api(
            s, [this] { return health(); }, &lobby, &accounts),
        files(std::move(web_root)),
        limits(l),
        limiter(l.requests_per_second, l.request_burst) {}
  // The lobby knows a caller by the account of its session (unless the
  // options bring a hook of their own): seeks show the name and rating.
  static LobbyOptions known_by(LobbyOptions options, accounts::AccountService& accounts) {
    if (!options.identify)
      options.identify = [&accounts](const Caller& caller, const std::string& variant) {
        SeekPlayer who;
        if (caller.account_id <= 0) return who;
        who.account = "account " + std::to_string(caller.account_id);
        who.name = caller.username;
        who.rating = accounts.rating(caller.account_id, variant);
        return who;
      };
    return options;
  }
  // Processes sharing one database share one lobby.
  static LobbyOptions shared_by(LobbyOptions options, Store& store) {
    if (store.shared()) options.shared = &store;
    return options;
  }
  // GET /api/health: what the server holds now (docs/api.md).
  nlohmann::json health() const {
    const StoreSizes sizes = store.sizes();
    return {{"status", "ok"},
            {"db_bytes", sizes.db_bytes},
            {"wal_bytes", sizes.wal_bytes},
            {"db_limit_bytes", sizes.limit_bytes > 0 ? nlohmann::json(sizes.limit_bytes) : nullptr},
            {"checkpoints", sizes.checkpoints},
            {"rooms", service.rooms_in_memory()},
            {"bot_queue", pool.queued()},
            {"connections", connections.load()}};
  }
  GameService& service;
  Store& store;
  BotPool& pool;
  accounts::AccountService accounts;
  Lobby lobby;
  Api api;
  StaticFiles files;
  Limits limits;
  RateLimiter limiter;
  std::atomic<int> connections{0};
};

// Held by a session for as long as its connection counts against the limit.
class ConnectionSlot {
 public:
  explicit ConnectionSlot(ServerContext& ctx) : ctx_(ctx) { ++ctx_.connections; }
  ~ConnectionSlot() { --ctx_.connections; }
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;

 private:
  ServerContext& ctx_;
};

}  // namespace server
