// The JSON API of docs/api.md over any transport: method, target, token and
// body in, status and body out. The HTTP session is a thin shell around it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game_service.h"

namespace server {

class Lobby;
namespace accounts {
class AccountService;
}

struct HttpReply {
  unsigned status = 200;
  std::string body;
  std::string content_type = "application/json";
  // With a refusal for load (429, 503): seconds until asking again (Retry-After).
  long long retry_after_s = 0;
  std::string set_cookie{};  // a Set-Cookie value, or none
};

// What a request's headers say beyond its method, target and
// authorization: its cookies and where it comes from.
struct RequestHeaders {
  std::string_view cookie;
  std::string_view origin;           // Origin
  std::string_view host;             // Host
  std::string_view fetch_site;       // Sec-Fetch-Site
  std::string_view forwarded_proto;  // X-Forwarded-Proto, from a TLS proxy in front
};

class Api {
 public:
  // `health` answers GET /api/health; without it that is a 404. `lobby`
  // answers /api/seeks; without it those are 404s. Without `accounts`
  // there are no accounts: their endpoints are 404s.
  explicit Api(GameService& service, std::function<nlohmann::json()> health = {}, Lobby* lobby = nullptr,
               accounts::AccountService* accounts = nullptr)
      : service_(service), health_(std::move(health)), lobby_(lobby), accounts_(accounts) {}
  // Answers a request whose target starts with /api/; `done` may run on a
  // worker thread (analysis) and runs exactly once. `client`: the key of
  // the caller's address (client_key()), for the limits kept per address;
  // empty for an in-process caller, which has none. A write that carries
  // the session cookie, and any write to /api/account/, from a page of
  // another site (accounts/origin.h) is refused with 403.
  void handle(std::string_view method, std::string_view target, std::string_view authorization,
              const std::string& body, std::function<void(HttpReply)> done, std::string_view client = {},
              const RequestHeaders& headers = {});

  // The game id of a WebSocket target /api/games/{id}/ws, or "".
  static std::string websocket_game(std::string_view target);

 private:
  void route(std::string_view method, std::string_view target, std::string_view authorization,
             const std::string& body, const std::function<void(HttpReply)>& done, const Caller& caller,
             const RequestHeaders& headers);
  // /api/account/..., /api/users/... and /api/leaderboard; false for any other path.
  bool route_accounts(std::string_view method, const std::vector<std::string>& parts, std::string_view query,
                      const nlohmann::json& request, const std::function<void(HttpReply)>& done,
                      const Caller& caller, const RequestHeaders& headers);

  GameService& service_;
  std::function<nlohmann::json()> health_;
  Lobby* lobby_;
  accounts::AccountService* accounts_;
};

HttpReply json_reply(const ApiResult& result);
HttpReply error_reply(unsigned status, const std::string& message);

}  // namespace server
