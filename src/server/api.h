// The JSON API of docs/api.md over any transport: method, target, token and
// body in, status and body out. The HTTP session is a thin shell around it.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "server/game_service.h"

namespace server {

struct HttpReply {
  unsigned status = 200;
  std::string body;
  std::string content_type = "application/json";
};

class Api {
 public:
  // `health` answers GET /api/health; without it that is a 404.
  explicit Api(GameService& service, std::function<nlohmann::json()> health = {})
      : service_(service), health_(std::move(health)) {}
  // Answers a request whose target starts with /api/; `done` may run on a
  // worker thread (analysis) and runs exactly once.
  void handle(std::string_view method, std::string_view target, std::string_view authorization,
              const std::string& body, std::function<void(HttpReply)> done);

  // The game id of a WebSocket target /api/games/{id}/ws, or "".
  static std::string websocket_game(std::string_view target);

 private:
  void route(std::string_view method, std::string_view target, std::string_view authorization,
             const std::string& body, const std::function<void(HttpReply)>& done);

  GameService& service_;
  std::function<nlohmann::json()> health_;
};

HttpReply json_reply(const ApiResult& result);
HttpReply error_reply(unsigned status, const std::string& message);

}  // namespace server
