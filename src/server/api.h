// The JSON API of docs/api.md over any transport: method, target, token and
// body in, status and body out. The HTTP session is a thin shell around it.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/game_service.h"

namespace server {

class Lobby;

struct HttpReply {
  unsigned status = 200;
  std::string body;
  std::string content_type = "application/json";
  // With a refusal for load (429, 503): seconds until asking again (Retry-After).
  long long retry_after_s = 0;
};

class Api {
 public:
  // `health` answers GET /api/health; without it that is a 404. `lobby`
  // answers /api/seeks; without it those are 404s.
  explicit Api(GameService& service, std::function<nlohmann::json()> health = {}, Lobby* lobby = nullptr)
      : service_(service), health_(std::move(health)), lobby_(lobby) {}
  // Answers a request whose target starts with /api/; `done` may run on a
  // worker thread (analysis) and runs exactly once. `client`: the key of
  // the caller's address (client_key()), for the limits kept per address;
  // empty for an in-process caller, which has none.
  void handle(std::string_view method, std::string_view target, std::string_view authorization,
              const std::string& body, std::function<void(HttpReply)> done, std::string_view client = {});

  // The game id of a WebSocket target /api/games/{id}/ws, or "".
  static std::string websocket_game(std::string_view target);

 private:
  void route(std::string_view method, std::string_view target, std::string_view authorization,
             const std::string& body, const std::function<void(HttpReply)>& done, const Caller& caller);

  GameService& service_;
  std::function<nlohmann::json()> health_;
  Lobby* lobby_;
};

HttpReply json_reply(const ApiResult& result);
HttpReply error_reply(unsigned status, const std::string& message);

}  // namespace server
