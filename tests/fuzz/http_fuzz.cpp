// The HTTP API's request bodies, through server::Api (JSON parsing, checks,
// the game service, an in-memory store) without sockets. The input is a
// series of requests, one a line: the first character picks the endpoint and
// the rest of the line is the body (or, for `x`, "METHOD TARGET").
//   c create  j join  m move (as the seat to move)  a analyse  p pgn4
//   t takeback  r resign  d draw (body: the seat whose token to send)
//   g game state, PGN and list (body: the ids)  x any method and target
// Every answer must be a JSON object (an `error` member for 4xx/5xx) or, for
// .pgn, text, with a status the API documents; never a 500, which an
// in-memory store cannot cause, so one means an unchecked input. Each input
// gets a fresh store and service; bots think for a millisecond or two.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>

#include "server/api.h"
#include "server/bot_pool.h"
#include "server/game_service.h"
#include "server/store.h"

namespace {

using nlohmann::json;

[[noreturn]] void fail(const char* why, std::string_view target, const server::HttpReply& reply) {
  std::fprintf(stderr, "http_fuzz: %s: %.*s -> %u %s\n", why, int(target.size()), target.data(), reply.status,
               reply.body.c_str());
  std::abort();
}

struct Harness {
  std::unique_ptr<server::Store> store;
  std::unique_ptr<server::BotPool> pool;
  std::unique_ptr<server::GameService> service;
  std::unique_ptr<server::Api> api;
  std::string game;                           // the last game created
  std::map<std::string, std::string> tokens;  // its seats' tokens

  Harness() {
    auto opened = server::Store::open(":memory:");
    if (!opened) std::abort();
    store = std::move(opened).value();
    pool = std::make_unique<server::BotPool>(1);
    server::ServiceOptions options;
    options.bot_budget_per_level = std::chrono::milliseconds(1);
    options.bot_budget_max = std::chrono::milliseconds(2);
    options.bot_min_think = std::chrono::milliseconds(0);
    options.analysis_budget = std::chrono::milliseconds(2);
    service = std::make_unique<server::GameService>(*store, *pool, options);
    api = std::make_unique<server::Api>(*service);
  }
  // The pool goes first: a running bot job still finds its service.
  ~Harness() {
    pool.reset();
    api.reset();
    service.reset();
  }

  json call(std::string_view method, const std::string& target, const std::string& token,
            const std::string& body) {
    std::promise<server::HttpReply> promise;
    auto reply_future = promise.get_future();
    api->handle(method, target, token.empty() ? "" : "Bearer " + token, body,
                [&promise](server::HttpReply r) { promise.set_value(std::move(r)); });
    if (reply_future.wait_for(std::chrono::seconds(20)) != std::future_status::ready) std::abort();
    const server::HttpReply reply = reply_future.get();
    static const std::set<unsigned> statuses{200, 201, 400, 401, 403, 404, 405, 409, 426, 503};
    if (!statuses.contains(reply.status)) fail("unexpected status", target, reply);
    if (reply.content_type != "application/json") {
      if (reply.status != 200 || target.find(".pgn") == std::string::npos) fail("not JSON", target, reply);
      return json{{"status", reply.status}};
    }
    static const bool trace = std::getenv("HTTP_FUZZ_TRACE") != nullptr;  // for reading a reproducer
    if (trace)
      std::fprintf(stderr, "%.*s %s -> %u %.200s\n", int(method.size()), method.data(), target.c_str(),
                   reply.status, reply.body.c_str());
    json parsed = json::parse(reply.body, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) fail("not a JSON object", target, reply);
    if (reply.status >= 400 && !(parsed.contains("error") && parsed["error"].is_string()))
      fail("an error without a message", target, reply);
    parsed["status"] = reply.status;
    return parsed;
  }

  std::string token_of(const std::string& seat) const {
    const auto it = tokens.find(seat);
    return it == tokens.end() ? "" : it->second;
  }

  void request(char kind, const std::string& body) {
    const std::string games = "/api/games/" + game;
    switch (kind) {
      case 'c': {
        const json r = call("POST", "/api/games", "", body);
        if (r["status"] == 201) {
          game = r.value("id", std::string());
          tokens.clear();
          if (r.contains("tokens") && r["tokens"].is_object())
            for (const auto& [seat, token] : r["tokens"].items()) tokens[seat] = token.get<std::string>();
        }
        break;
      }
      case 'j': {
        const json r = call("POST", games + "/join", "", body);
        if (r["status"] == 200) tokens[r["seat"].get<std::string>()] = r["token"].get<std::string>();
        break;
      }
      case 'm': {
        const json state = call("GET", games, "", "");
        const std::string turn =
            state.contains("turn") && state["turn"].is_string() ? state["turn"].get<std::string>() : "";
        call("POST", games + "/moves", token_of(turn), body);
        break;
      }
      case 'a': call("POST", "/api/analyse", "", body); break;
      case 'p': call("POST", "/api/pgn4", "", body); break;
      case 't': call("POST", games + "/takeback", token_of(body), ""); break;
      case 'r': call("POST", games + "/resign", token_of(body), ""); break;
      case 'd': call("POST", games + "/draw", token_of(body), ""); break;
      case 'g':
        call("GET", games, "", "");
        call("GET", games + ".pgn", "", "");
        call("GET", "/api/games?ids=" + body, "", "");
        break;
      case 'x': {
        const auto space = body.find(' ');
        if (space == std::string::npos) break;
        call(body.substr(0, space), body.substr(space + 1), "", "");
        break;
      }
      default: break;
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Harness h;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    if (!line.empty()) h.request(line[0], std::string(line.substr(1)));
    at = end + 1;
  }
  return 0;
}
