#include "server/api.h"

#include <cctype>
#include <vector>

#include "server/accounts/account_service.h"
#include "server/accounts/origin.h"
#include "server/accounts/session_id.h"
#include "server/analysis.h"
#include "server/chaturaji_match.h"
#include "server/lobby.h"

namespace server {

using nlohmann::json;

namespace {

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(sep, start), text.size());
    if (end > start) parts.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

// The token of `Authorization: Bearer <token>`. The scheme is
// case-insensitive (RFC 7235, 2.1) and one or more spaces follow it.
std::string bearer_token(std::string_view authorization) {
  constexpr std::string_view SCHEME = "bearer";
  if (authorization.size() <= SCHEME.size() || authorization[SCHEME.size()] != ' ') return "";
  for (std::size_t i = 0; i < SCHEME.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(authorization[i])) != SCHEME[i]) return "";
  const std::string_view rest = authorization.substr(SCHEME.size());
  const auto start = rest.find_first_not_of(' ');
  return start == std::string_view::npos ? "" : std::string(rest.substr(start));
}

bool is_game_action(std::string_view action) {
  return action == "join" || action == "moves" || action == "takeback" || action == "resign" ||
         action == "draw" || action == "claim" || action == "rematch";
}

// The value of `name` in a query string, or "".
std::string query_value(std::string_view query, std::string_view name) {
  for (const std::string& pair : split(query, '&')) {
    const auto eq = pair.find('=');
    if (eq != std::string::npos && std::string_view(pair).substr(0, eq) == name) return pair.substr(eq + 1);
  }
  return "";
}

}  // namespace

HttpReply json_reply(const ApiResult& result) {
  HttpReply reply{unsigned(result.status), result.body.dump(-1, ' ', false, json::error_handler_t::replace)};
  reply.retry_after_s = result.retry_after.count();
  reply.set_cookie = result.set_cookie;
  return reply;
}

HttpReply error_reply(unsigned status, const std::string& message) {
  return {status, json{{"error", message}}.dump(-1, ' ', false, json::error_handler_t::replace)};
}

std::string Api::websocket_game(std::string_view target) {
  const auto parts = split(target.substr(0, target.find('?')), '/');
  if (parts.size() == 4 && parts[0] == "api" && parts[1] == "games" && parts[3] == "ws") return parts[2];
  return "";
}

void Api::handle(std::string_view method, std::string_view target, std::string_view authorization,
                 const std::string& body, std::function<void(HttpReply)> done, std::string_view client,
                 const RequestHeaders& headers) {
  // Every route calls `done` last, so an exception (a check forgotten) has
  // not answered yet: the client gets a 500 instead of the server crashing.
  try {
    const bool write = method != "GET" && method != "HEAD";
    const bool with_session = !accounts::cookie_value(headers.cookie, accounts::SESSION_COOKIE).empty();
    if (write && (with_session || target.starts_with("/api/account/")) &&
        accounts::from_another_site({headers.origin, headers.host, headers.fetch_site}))
      return done(error_reply(403, "refused: a request from a page of another site (Origin '" +
                                       std::string(headers.origin) +
                                       "') may not act with this site's session"));
    Caller caller{std::string(client)};
    if (accounts_) caller = accounts_->identify(std::move(caller), headers.cookie);
    route(method, target, authorization, body, done, caller, headers);
  } catch (const std::exception& e) {
    done(error_reply(500, std::string("the server could not handle this request: ") + e.what()));
  }
}

void Api::route(std::string_view method, std::string_view target, std::string_view authorization,
                const std::string& body, const std::function<void(HttpReply)>& done, const Caller& caller,
                const RequestHeaders& headers) {
  const auto qmark = target.find('?');
  const std::string_view path = target.substr(0, qmark);
  const std::string_view query = qmark == std::string_view::npos ? "" : target.substr(qmark + 1);
  const auto parts = split(path, '/');
  const bool get = method == "GET";
  const bool post = method == "POST";
  const std::string token = bearer_token(authorization);

  json request = json::object();
  if (post && !body.empty()) {
    request = json::parse(body, nullptr, false);
    if (request.is_discarded()) return done(error_reply(400, "the body is not valid JSON"));
  }

  if (accounts_ && route_accounts(method, parts, query, request, done, caller, headers)) return;
  if (parts.size() == 2 && parts[1] == "games") {
    if (post) return done(json_reply(service_.create(request, caller)));
    if (get) return done(json_reply(service_.list(split(query_value(query, "ids"), ','))));
    return done(error_reply(405, "use GET or POST on /api/games"));
  }
  if (parts.size() >= 2 && parts[1] == "seeks" && lobby_)
    return done(json_reply(route_seeks(*lobby_, method, parts, token, request, caller)));
  if (parts.size() == 3 && parts[1] == "lobby" && parts[2] == "ws")
    return done(error_reply(426, "this is a WebSocket endpoint: send an Upgrade request"));
  if (parts.size() == 2 && parts[1] == "health" && health_) {
    if (!get) return done(error_reply(405, "use GET on /api/health"));
    return done({200, health_().dump()});
  }
  if (parts.size() == 2 && parts[1] == "analyse") {
    if (!post) return done(error_reply(405, "use POST on /api/analyse"));
    return service_.analyse(request, caller, [done](const ApiResult& r) { done(json_reply(r)); });
  }
  if (parts.size() == 2 && parts[1] == "position") {
    if (!post) return done(error_reply(405, "use POST on /api/position"));
    return done(json_reply(position_reply(request)));
  }
  if (parts.size() == 2 && parts[1] == "pgn4") {
    if (!post) return done(error_reply(405, "use POST on /api/pgn4"));
    if (!request.contains("pgn4") || !request["pgn4"].is_string())
      return done(error_reply(400, "the body must be {\"pgn4\": \"<chess.com PGN4 text>\"}"));
    auto replay = replay_pgn4(request["pgn4"].get<std::string>());
    if (!replay) return done(error_reply(400, replay.error()));
    return done({200, replay->dump(-1, ' ', false, json::error_handler_t::replace)});
  }
  if (parts.size() == 3 && parts[1] == "games") {
    if (!get) return done(error_reply(405, "use GET on " + std::string(path)));
    const std::string& id = parts[2];
    if (id.size() > 4 && id.ends_with(".pgn")) {
      ApiResult r = service_.pgn(id.substr(0, id.size() - 4));
      if (r.status != 200) return done(json_reply(r));
      return done({200, r.body.get<std::string>(), "application/x-chess-pgn; charset=utf-8"});
    }
    return done(json_reply(service_.get(id)));
  }
  if (parts.size() == 4 && parts[1] == "games") {
    const std::string& id = parts[2];
    const std::string& action = parts[3];
    if (action == "ws")
      return done(error_reply(426, "this is a WebSocket endpoint: send an Upgrade request"));
    if (!is_game_action(action))
      return done(error_reply(404, "no API endpoint " + std::string(method) + " " + std::string(path)));
    const SeatKey key(token, caller);
    if (action == "rematch" && get) return done(json_reply(service_.rematch_of(id, key)));
    if (!post)
      return done(
          error_reply(405, "use POST on " + std::string(path) + (action == "rematch" ? " (or GET)" : "")));
    if (action == "join") return done(json_reply(service_.join(id, request, caller)));
    if (action == "moves") return done(json_reply(service_.move(id, key, request)));
    if (action == "takeback") return done(json_reply(service_.takeback(id, key, request)));
    if (action == "resign") return done(json_reply(service_.resign(id, key)));
    if (action == "draw") return done(json_reply(service_.draw(id, key, request)));
    if (action == "claim") return done(json_reply(service_.claim_left(id, key, request)));
    if (action == "rematch") return done(json_reply(service_.rematch(id, key, request, caller)));
  }
  done(error_reply(404, "no API endpoint " + std::string(method) + " " + std::string(path)));
}

bool Api::route_accounts(std::string_view method, const std::vector<std::string>& parts,
                         std::string_view query, const json& request,
                         const std::function<void(HttpReply)>& done, const Caller& caller,
                         const RequestHeaders& headers) {
  const bool get = method == "GET";
  const bool post = method == "POST";
  const bool secure = headers.forwarded_proto == "https";
  const auto reply = [done](const ApiResult& r) { done(json_reply(r)); };
  const auto only = [&](bool allowed, const char* verb, const std::string& path) {
    if (!allowed) done(error_reply(405, std::string("use ") + verb + " on " + path));
    return !allowed;
  };
  // Who the page is, without a refusal for a guest: the page asks on every
  // load, and a 401 there would be a failed load in every guest's console.
  if (parts.size() == 2 && parts[1] == "session") {
    if (!only(get, "GET", "/api/session"))
      reply({200, json{{"username", caller.account_id > 0 ? json(caller.username) : json(nullptr)}}});
    return true;
  }
  if (parts.size() == 2 && parts[1] == "account") {
    if (!only(get, "GET", "/api/account")) reply(accounts_->me(caller));
    return true;
  }
  if (parts.size() == 3 && parts[1] == "account") {
    const std::string& action = parts[2];
    const std::string path = "/api/account/" + action;
    if (action == "settings") {
      if (get)
        reply(accounts_->settings(caller));
      else if (!only(post, "GET or POST", path))
        reply(accounts_->save_settings(request, caller));
      return true;
    }
    if (action != "register" && action != "login" && action != "logout" && action != "claim") return false;
    if (only(post, "POST", path)) return true;
    if (action == "register") accounts_->register_account(request, caller, secure, reply);
    if (action == "login") accounts_->login(request, caller, secure, reply);
    if (action == "logout") reply(accounts_->logout(caller, headers.cookie, secure));
    if (action == "claim") reply(service_.claim(request, caller));
    return true;
  }
  if ((parts.size() == 3 || (parts.size() == 4 && parts[3] == "games")) && parts[1] == "users") {
    if (only(get, "GET", "/api/users/" + parts[2])) return true;
    reply(parts.size() == 3 ? accounts_->profile(parts[2])
                            : accounts_->games(parts[2], query_value(query, "page")));
    return true;
  }
  if (parts.size() == 2 && parts[1] == "leaderboard") {
    if (!only(get, "GET", "/api/leaderboard")) {
      const std::string variant = query_value(query, "variant");
      reply(accounts_->leaderboard(variant.empty() ? "chaturanga" : variant));
    }
    return true;
  }
  return false;
}

}  // namespace server
