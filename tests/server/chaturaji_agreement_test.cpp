// Four-handed agreements through the service: a draw or a take-back between
// people needs every player still in, one offer per seat, so one person
// holding two seats cannot end a game alone, and a player who is out has no
// say.
#include <gtest/gtest.h>

#include "core/bitboard.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;

class ChaturajiAgreementTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  ChaturajiAgreementTest()
      : store_(std::move(Store::open(":memory:")).value()), pool_(1), service_(*store_, pool_) {}

  json create(const std::string& variant, const json& seats) {
    const ApiResult r = service_.create({{"variant", variant}, {"seats", seats}});
    EXPECT_EQ(r.status, 201) << r.body;
    return r.body;
  }
  static json humans(const std::vector<std::string>& colours) {
    json seats;
    for (const std::string& c : colours) seats[c] = "human";
    return seats;
  }
  ApiResult draw(const json& g, const std::string& seat) { return service_.draw(g["id"], g["tokens"][seat]); }
  ApiResult takeback(const json& g, const std::string& seat) {
    return service_.takeback(g["id"], g["tokens"][seat]);
  }
  ApiResult move(const json& g, const std::string& seat, const std::string& mv) {
    return service_.move(g["id"], g["tokens"][seat], {{"move", mv}});
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
  GameService service_;
};

const std::vector<std::string> TEAMS = {"red", "green", "yellow", "black"};
const std::vector<std::string> POINTS = {"red", "blue", "yellow", "green"};

TEST_F(ChaturajiAgreementTest, OneTeamCannotDrawATeamsGameAlone) {
  const json g = create("chaturaji-teams", humans(TEAMS));
  // One person holding red and yellow offers from both seats: not enough.
  ASSERT_EQ(draw(g, "red").status, 200);
  const ApiResult both = draw(g, "yellow");
  ASSERT_EQ(both.status, 200);
  EXPECT_EQ(both.body["result"], "*");
  EXPECT_EQ(both.body["draw_agreed"], (json{"red", "yellow"}));
  EXPECT_EQ(both.body["agreement_seats"], (json{"red", "green", "yellow", "black"}));
  EXPECT_EQ(draw(g, "green").body["result"], "*");
  const ApiResult all = draw(g, "black");
  EXPECT_EQ(all.body["result"], "draw");
  EXPECT_EQ(all.body["reason"], "agreement");
  EXPECT_EQ(store_->load(g["id"])->reason, "agreement");
}

TEST_F(ChaturajiAgreementTest, APlayerWhoIsOutHasNoSay) {
  const json g = create("chaturaji-points", humans(POINTS));
  ASSERT_EQ(move(g, "red", "resign").status, 200);
  const ApiResult out = draw(g, "red");
  EXPECT_EQ(out.status, 409);
  EXPECT_NE(out.body["error"].get<std::string>().find("red is out"), std::string::npos) << out.body;
  EXPECT_EQ(draw(g, "blue").body["result"], "*");
  const ApiResult two = draw(g, "yellow");
  EXPECT_EQ(two.body["result"], "*");
  EXPECT_EQ(two.body["agreement_seats"], (json{"blue", "yellow", "green"}));
  // Nobody waits for red: the three still in are enough.
  EXPECT_EQ(draw(g, "green").body["result"], "draw");
}

TEST_F(ChaturajiAgreementTest, AMoveWithdrawsTheOffersSoFar) {
  const json g = create("chaturaji-teams", humans(TEAMS));
  for (const char* seat : {"green", "yellow", "black"}) ASSERT_EQ(draw(g, seat).status, 200);
  ASSERT_EQ(move(g, "red", "e7e6").status, 200);
  const ApiResult r = draw(g, "red");
  EXPECT_EQ(r.body["result"], "*");
  EXPECT_EQ(r.body["draw_agreed"], (json{"red"}));
}

TEST_F(ChaturajiAgreementTest, BotsWithASayMeanNoDraw) {
  const json g = create("chaturaji-teams",
                        {{"red", "human"}, {"green", "bot:1"}, {"yellow", "human"}, {"black", "bot:1"}});
  const ApiResult r = draw(g, "red");
  EXPECT_EQ(r.status, 409);
  EXPECT_NE(r.body["error"].get<std::string>().find("bot"), std::string::npos);
  EXPECT_EQ(draw(g, "yellow").status, 409);
  EXPECT_EQ(service_.get(g["id"]).body["result"], "*");
}

TEST_F(ChaturajiAgreementTest, ATakeBackNeedsEveryPersonStillIn) {
  const json g = create("chaturaji-teams", humans(TEAMS));
  ASSERT_EQ(move(g, "red", "e7e6").status, 200);
  ASSERT_EQ(move(g, "green", "g4f4").status, 200);
  ASSERT_EQ(takeback(g, "red").status, 200);
  // Red's partner agreeing is not enough.
  EXPECT_EQ(takeback(g, "yellow").body["ply"], 2);
  EXPECT_EQ(takeback(g, "green").body["ply"], 2);
  const ApiResult done = takeback(g, "black");
  EXPECT_EQ(done.body["ply"], 0);
  EXPECT_EQ(done.body["turn"], "red");
}

}  // namespace
}  // namespace server
