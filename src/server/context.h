// What every session shares: the API, the page's files, and the limits.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "server/api.h"
#include "server/rate_limiter.h"
#include "server/static_files.h"

namespace server {

struct Limits {
  std::size_t body_bytes = 16 * 1024;
  int connections = 10000;
  double requests_per_second = 50;  // per client address; <= 0: no limit
  double request_burst = 200;
  std::size_t websocket_queue = 64;  // states waiting for a slow reader before it is dropped
};

struct ServerContext {
  ServerContext(GameService& s, std::string web_root, Limits l)
      : service(s),
        api(s),
        files(std::move(web_root)),
        limits(l),
        limiter(l.requests_per_second, l.request_burst) {}
  GameService& service;
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
