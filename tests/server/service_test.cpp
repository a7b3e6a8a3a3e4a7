// The API handlers without the network: GameService and Api over an
// in-memory store, bots on a real pool.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/bitboard.h"
#include "server/api.h"
#include "server/game_service.h"
#include "server/rate_limiter.h"
#include "server/static_files.h"

namespace server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

class ServiceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  ServiceTest()
      : store_(std::move(Store::open(":memory:")).value()), pool_(1), service_(*store_, pool_, options()) {}

  static ServiceOptions options() {
    ServiceOptions o;
    o.bot_min_think = 0ms;
    o.bot_budget_per_level = 20ms;
    o.analysis_budget = 50ms;
    return o;
  }

  json create(const json& seats, const json& extra = json::object()) {
    json body = extra;
    body["seats"] = seats;
    ApiResult r = service_.create(body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body;
  }

  // Waits until the game's state satisfies `pred` (bots move on the pool).
  template <class Pred>
  json wait_for(const std::string& id, Pred pred) {
    for (int i = 0; i < 500; ++i) {
      json s = service_.get(id).body;
      if (pred(s)) return s;
      std::this_thread::sleep_for(10ms);
    }
    ADD_FAILURE() << "state never reached";
    return service_.get(id).body;
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
  GameService service_;
};

TEST_F(ServiceTest, CreateGivesTokensForHumanSeatsOnly) {
  json g = create({{"white", "human"}, {"black", "open"}});
  EXPECT_EQ(g["tokens"].size(), 1u);
  EXPECT_EQ(g["tokens"]["white"].get<std::string>().size(), 32u);
  EXPECT_EQ(g["turn"], "white");
  EXPECT_EQ(g["result"], "*");
  EXPECT_EQ(g["legal"].size(), 16u);
  EXPECT_EQ(g["seats"]["black"], "open");
}

TEST_F(ServiceTest, CreateRejectsBadRequests) {
  EXPECT_EQ(service_.create({{"seats", {{"white", "human"}}}}).status, 400);
  EXPECT_EQ(service_.create({{"seats", {{"white", "human"}, {"black", "bot:9"}}}}).status, 400);
  EXPECT_EQ(service_.create({{"seats", {{"white", "human"}, {"black", "human"}, {"red", "human"}}}}).status,
            400);
  EXPECT_EQ(
      service_.create({{"variant", "xiangqi"}, {"seats", {{"white", "human"}, {"black", "human"}}}}).status,
      400);
  ApiResult bad_fen =
      service_.create({{"fen", "nonsense"}, {"seats", {{"white", "human"}, {"black", "human"}}}});
  EXPECT_EQ(bad_fen.status, 400);
  EXPECT_NE(bad_fen.body["error"].get<std::string>().find("fen"), std::string::npos);
}

TEST_F(ServiceTest, MovesAreGuardedBySeatTokens) {
  json g = create({{"white", "human"}, {"black", "human"}});
  const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
  EXPECT_EQ(service_.move(id, "", {{"move", "e2e3"}}).status, 401);
  EXPECT_EQ(service_.move(id, "not-a-token", {{"move", "e2e3"}}).status, 403);
  EXPECT_EQ(service_.move(id, black, {{"move", "e7e6"}}).status, 409);
  EXPECT_EQ(service_.move(id, white, {{"move", "e2e5"}}).status, 409);
  EXPECT_EQ(service_.move(id, white, {{"mov", "e2e3"}}).status, 400);
  EXPECT_EQ(service_.move("nosuchgame", white, {{"move", "e2e3"}}).status, 404);
  ApiResult ok = service_.move(id, white, {{"move", "e2e3"}});
  ASSERT_EQ(ok.status, 200);
  EXPECT_EQ(ok.body["turn"], "black");
  EXPECT_EQ(ok.body["san"], json::array({"e3"}));
  // A token from another game is no key to this one.
  json other = create({{"white", "human"}, {"black", "human"}});
  EXPECT_EQ(service_.move(id, other["tokens"]["black"].get<std::string>(), {{"move", "e7e6"}}).status, 403);
}

TEST_F(ServiceTest, AMoveThatCannotBeReadIs400AndAnIllegalOne409) {
  json g = create({{"white", "human"}, {"black", "human"}});
  const std::string id = g["id"], white = g["tokens"]["white"];
  for (const char* move : {"", "e2e9", "e2", "e2e3e4", "i2i3", "E2E3", "e2-e3", "hello"}) {
    ApiResult r = service_.move(id, white, {{"move", move}});
    EXPECT_EQ(r.status, 400) << move;
    EXPECT_NE(r.body["error"].get<std::string>().find("is not written as a move"), std::string::npos);
  }
  // Unreadable before unauthorised: the request itself is malformed.
  EXPECT_EQ(service_.move(id, "", {{"move", "e2e9"}}).status, 400);
  for (const char* move : {"e2e5", "a1a1", "e7e6", "e2e3n"})
    EXPECT_EQ(service_.move(id, white, {{"move", move}}).status, 409) << move;
  json four = create({{"red", "human"}, {"green", "human"}, {"yellow", "human"}, {"black", "human"}},
                     {{"variant", "chaturaji-teams"}});
  const std::string fid = four["id"], red = four["tokens"]["red"];
  for (const char* move : {"", "zz", "e2e9", "K@z9", "dance", "a1a2xy", "dice:19"})
    EXPECT_EQ(service_.move(fid, red, {{"move", move}}).status, 400) << move;
  for (const char* move : {"a1a8", "claim", "K@e4", "dice:34"})
    EXPECT_EQ(service_.move(fid, red, {{"move", move}}).status, 409) << move;
}

TEST_F(ServiceTest, AMoveIsStoredBeforeItIsAcknowledged) {
  json g = create({{"white", "human"}, {"black", "human"}});
  const std::string id = g["id"], white = g["tokens"]["white"];
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  auto record = store_->load(id);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->moves, std::vector<std::string>{"e2e3"});
}

TEST_F(ServiceTest, JoinTakesAnOpenSeatOnce) {
  json g = create({{"white", "human"}, {"black", "open"}});
  const std::string id = g["id"];
  ApiResult joined = service_.join(id, {{"seat", "black"}});
  ASSERT_EQ(joined.status, 200);
  EXPECT_EQ(joined.body["seats"]["black"], "human");
  EXPECT_EQ(service_.join(id, {{"seat", "black"}}).status, 409);
  EXPECT_EQ(service_.join(id, {{"seat", "green"}}).status, 400);
  ASSERT_EQ(service_.move(id, g["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
  EXPECT_EQ(service_.move(id, joined.body["token"], {{"move", "e7e6"}}).status, 200);
}

TEST_F(ServiceTest, TheBotAnswersAndTakebackUndoesBothMoves) {
  json g = create({{"white", "human"}, {"black", "bot:1"}}, {{"seed", 7}});
  const std::string id = g["id"], white = g["tokens"]["white"];
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  json s = wait_for(id, [](const json& s) { return s["ply"] == 2; });
  EXPECT_EQ(s["turn"], "white");
  ApiResult back = service_.takeback(id, white);
  ASSERT_EQ(back.status, 200);
  EXPECT_EQ(back.body["ply"], 0);
  EXPECT_EQ(store_->load(id)->moves.size(), 0u);
  EXPECT_EQ(service_.takeback(id, white).status, 409);
}

TEST_F(ServiceTest, TheSameSeedGivesTheSameBotMove) {
  std::string replies[2];
  for (std::string& reply : replies) {
    json g = create({{"white", "human"}, {"black", "bot:1"}}, {{"seed", 42}});
    ASSERT_EQ(service_.move(g["id"], g["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
    reply = wait_for(g["id"], [](const json& s) { return s["ply"] == 2; })["moves"][1];
  }
  EXPECT_EQ(replies[0], replies[1]);
}

TEST_F(ServiceTest, ABotGameAgainstItselfRunsToTheEnd) {
  json g = create({{"white", "bot:8"}, {"black", "bot:8"}}, {{"fen", "4k3/pppp4/8/8/8/8/4R3/4K3 w - - 0 1"}});
  ASSERT_EQ(g["result"], "*");
  json s = wait_for(g["id"], [](const json& s) { return s["result"] != "*"; });
  EXPECT_EQ(s["result"], "1-0");
  EXPECT_EQ(s["reason"], "king-captured");
}

TEST_F(ServiceTest, DrawNeedsBothPlayersAndResignEndsTheGame) {
  json g = create({{"white", "human"}, {"black", "human"}});
  const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
  ApiResult offer = service_.draw(id, white);
  ASSERT_EQ(offer.status, 200);
  EXPECT_EQ(offer.body["draw_offer"], "white");
  EXPECT_EQ(offer.body["result"], "*");
  ApiResult agreed = service_.draw(id, black);
  EXPECT_EQ(agreed.body["result"], "1/2-1/2");
  EXPECT_EQ(agreed.body["reason"], "agreement");
  EXPECT_EQ(service_.resign(id, white).status, 409);

  json h = create({{"white", "human"}, {"black", "bot:2"}});
  EXPECT_EQ(service_.draw(h["id"], h["tokens"]["white"]).status, 409);
  ApiResult resigned = service_.resign(h["id"], h["tokens"]["white"]);
  EXPECT_EQ(resigned.body["result"], "0-1");
  EXPECT_EQ(resigned.body["reason"], "resignation");
  EXPECT_EQ(store_->load(h["id"])->result, "0-1");
}

TEST_F(ServiceTest, TakebackBetweenPeopleIsAskedAndGranted) {
  json g = create({{"white", "human"}, {"black", "human"}});
  const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  ApiResult ask = service_.takeback(id, white);
  EXPECT_EQ(ask.body["takeback_offer"], "white");
  EXPECT_EQ(ask.body["ply"], 1);
  ApiResult grant = service_.takeback(id, black);
  EXPECT_EQ(grant.body["ply"], 0);
  EXPECT_EQ(grant.body["turn"], "white");
}

TEST_F(ServiceTest, RestartResumesGamesAndTheBotToMove) {
  json g = create({{"white", "human"}, {"black", "bot:1"}});
  const std::string id = g["id"], white = g["tokens"]["white"];
  GameRecord record = *store_->load(id);
  record.id = "resumed1";
  record.moves = {"e2e3"};
  record.bot_to_move = true;  // as the service stores it after white's move
  ASSERT_TRUE(store_->insert_game(record));
  EXPECT_GE(service_.resume(), 1u);
  json s = wait_for("resumed1", [](const json& s) { return s["ply"] == 2; });
  EXPECT_EQ(s["turn"], "white");
  EXPECT_EQ(store_->load("resumed1")->moves.size(), 2u);
}

TEST_F(ServiceTest, PgnNamesTheVariantAndTheEnding) {
  json g = create({{"white", "human"}, {"black", "human"}});
  const std::string id = g["id"], white = g["tokens"]["white"];
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  service_.resign(id, white);
  const std::string pgn = service_.pgn(id).body.get<std::string>();
  EXPECT_NE(pgn.find("[Variant \"Chaturanga\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Termination \"resignation\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1. e3 0-1"), std::string::npos);
}

TEST(ApiTest, RoutesAndErrorsAreJson) {
  core::init();
  auto store = std::move(Store::open(":memory:")).value();
  BotPool pool(1);
  GameService service(*store, pool);
  Api api(service);
  HttpReply reply;
  auto call = [&](std::string_view method, std::string_view target, std::string body, std::string auth = "") {
    api.handle(method, target, auth, body, [&](HttpReply r) { reply = std::move(r); });
    return json::parse(reply.body, nullptr, false);
  };
  json g = call("POST", "/api/games", R"({"seats": {"white": "human", "black": "human"}})");
  EXPECT_EQ(reply.status, 201u);
  const std::string id = g["id"], token = g["tokens"]["white"];
  call("POST", "/api/games/" + id + "/moves", R"({"move": "e2e3"})", "Bearer " + token);
  EXPECT_EQ(reply.status, 200u);
  call("POST", "/api/games/" + id + "/moves", R"({"move": "e7e6"})", "Token " + token);
  EXPECT_EQ(reply.status, 401u);
  // RFC 7235: the scheme is case-insensitive.
  call("POST", "/api/games/" + id + "/moves", R"({"move": "e7e6"})",
       "bEARER  " + g["tokens"]["black"].get<std::string>());
  EXPECT_EQ(reply.status, 200u);
  call("POST", "/api/games/" + id + "/nope", "{}", "Bearer " + token);
  EXPECT_EQ(reply.status, 404u);
  call("GET", "/api/games/" + id + "/nope", "");
  EXPECT_EQ(reply.status, 404u);
  call("GET", "/api/games/" + id + "/resign", "");
  EXPECT_EQ(reply.status, 405u);
  json err = call("POST", "/api/games/" + id + "/moves", "{not json", "Bearer " + token);
  EXPECT_EQ(reply.status, 400u);
  EXPECT_TRUE(err.contains("error"));
  call("GET", "/api/games/" + id + ".pgn", "");
  EXPECT_EQ(reply.status, 200u);
  EXPECT_NE(reply.body.find("1. e3"), std::string::npos);
  EXPECT_NE(reply.content_type.find("pgn"), std::string::npos);
  call("GET", "/api/nothing", "");
  EXPECT_EQ(reply.status, 404u);
  call("DELETE", "/api/games/" + id, "");
  EXPECT_EQ(reply.status, 405u);
  json list = call("GET", "/api/games?ids=" + id + ",missing", "");
  EXPECT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(Api::websocket_game("/api/games/abc/ws"), "abc");
  EXPECT_EQ(Api::websocket_game("/api/games/abc"), "");
}

TEST(RateLimiterTest, AllowsTheBurstThenRefuses) {
  RateLimiter limiter(1, 3);
  EXPECT_TRUE(limiter.allow("a"));
  EXPECT_TRUE(limiter.allow("a"));
  EXPECT_TRUE(limiter.allow("a"));
  EXPECT_FALSE(limiter.allow("a"));
  EXPECT_TRUE(limiter.allow("b"));
  RateLimiter off(0, 0);
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(off.allow("a"));
}

TEST(StaticFilesTest, RefusesPathsLeavingTheRoot) {
  StaticFiles files("/nonexistent-root");
  EXPECT_FALSE(files.find("/../etc/passwd"));
  EXPECT_FALSE(files.find("/x/../../etc/passwd"));
  EXPECT_EQ(mime_type("/app.js"), "text/javascript; charset=utf-8");
}

TEST(StaticFilesTest, AcceptEncodingOrdersOurCodingsByWeight) {
  using V = std::vector<std::string_view>;
  EXPECT_EQ(accepted_encodings(""), V{});
  EXPECT_EQ(accepted_encodings("gzip, deflate, br"), (V{"br", "gzip"}));
  EXPECT_EQ(accepted_encodings("gzip"), V{"gzip"});
  EXPECT_EQ(accepted_encodings("BR;q=0.5, GZip;q=0.9"), (V{"gzip", "br"}));
  EXPECT_EQ(accepted_encodings("*"), (V{"br", "gzip"}));
  EXPECT_EQ(accepted_encodings("*;q=0.1, br;q=0"), V{"gzip"});
  EXPECT_EQ(accepted_encodings("br;q=0, gzip;q=0.000"), V{});
  EXPECT_EQ(accepted_encodings("identity, deflate"), V{});
  EXPECT_EQ(accepted_encodings("br;q=x"), V{});
}

TEST(StaticFilesTest, IfNoneMatchComparesWeakly) {
  EXPECT_TRUE(etag_matches("\"ab\"", "\"ab\""));
  EXPECT_TRUE(etag_matches("\"x\", W/\"ab\"", "\"ab\""));
  EXPECT_TRUE(etag_matches("*", "\"ab\""));
  EXPECT_FALSE(etag_matches("", "\"ab\""));
  EXPECT_FALSE(etag_matches("\"ab-gzip\"", "\"ab\""));
  EXPECT_FALSE(etag_matches("ab", "\"ab\""));
}

}  // namespace
}  // namespace server
