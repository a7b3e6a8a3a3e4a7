// Offers and seats at the edges of a game: an offer repeated is not pushed
// again, an accept that comes after the offer was withdrawn (by a move)
// never becomes an offer of its own, and a finished game's open seat cannot
// be taken.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

#include "core/bitboard.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

struct Counter : Subscriber {
  void deliver(std::shared_ptr<const std::string>) override { ++pushes; }
  std::atomic<int> pushes{0};
};

class OffersTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  OffersTest()
      : store_(std::move(Store::open(":memory:")).value()), pool_(1), service_(*store_, pool_, options()) {}

  static ServiceOptions options() {
    ServiceOptions o;
    o.bot_min_think = 0ms;
    o.sweep_every = 0ms;
    return o;
  }

  json humans() {
    ApiResult r = service_.create({{"seats", {{"white", "human"}, {"black", "human"}}}});
    EXPECT_EQ(r.status, 201);
    return r.body;
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
  GameService service_;
};

TEST_F(OffersTest, ARepeatedDrawOfferIsNotPushedAgain) {
  json g = humans();
  const std::string id = g["id"], white = g["tokens"]["white"];
  auto counter = std::make_shared<Counter>();
  ASSERT_EQ(service_.subscribe(id, counter).status, 200);
  for (int i = 0; i < 600; ++i) {
    ApiResult r = service_.draw(id, white);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["draw_offer"], "white");
  }
  EXPECT_EQ(counter->pushes.load(), 1);
  ApiResult agreed = service_.draw(id, g["tokens"]["black"]);
  EXPECT_EQ(agreed.body["result"], "1/2-1/2");
  EXPECT_EQ(counter->pushes.load(), 2);
}

TEST_F(OffersTest, ARepeatedTakebackOfferIsNotPushedAgain) {
  json g = humans();
  const std::string id = g["id"], white = g["tokens"]["white"];
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  auto counter = std::make_shared<Counter>();
  service_.subscribe(id, counter);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(service_.takeback(id, white).body["takeback_offer"], "white");
  EXPECT_EQ(counter->pushes.load(), 1);
}

// White asks to take back at its own turn, then thinks better of it and
// moves; black's "accept", sent before it saw the move, arrives after it.
// Before, the accept found no offer and became black's own request (13 of
// 20 times in the probe's race).
TEST_F(OffersTest, AnAcceptAfterTheOfferWasWithdrawnChangesNothing) {
  json g = humans();
  const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  ASSERT_EQ(service_.move(id, black, {{"move", "e7e6"}}).status, 200);
  ASSERT_EQ(service_.takeback(id, white).body["takeback_offer"], "white");
  ASSERT_EQ(service_.move(id, white, {{"move", "d2d3"}}).status, 200);

  ApiResult late = service_.takeback(id, black, {{"accept", true}, {"ply", 2}});
  EXPECT_EQ(late.status, 409);
  EXPECT_NE(late.body["error"].get<std::string>().find("moved on"), std::string::npos) << late.body.dump();
  ApiResult gone = service_.takeback(id, black, {{"accept", true}});
  EXPECT_EQ(gone.status, 409);
  EXPECT_NE(gone.body["error"].get<std::string>().find("offer is gone"), std::string::npos)
      << gone.body.dump();
  json s = service_.get(id).body;
  EXPECT_EQ(s["takeback_offer"], nullptr);
  EXPECT_EQ(s["ply"], 3);

  // An accept that does find the offer takes the moves back.
  ASSERT_EQ(service_.takeback(id, white, {{"ply", 3}}).status, 200);
  ApiResult granted = service_.takeback(id, black, {{"accept", true}, {"ply", 3}});
  EXPECT_EQ(granted.status, 200) << granted.body.dump();
  EXPECT_EQ(granted.body["ply"], 2);
  EXPECT_EQ(service_.takeback(id, black, {{"accept", "yes"}}).status, 400);
  EXPECT_EQ(service_.takeback(id, black, {{"ply", "two"}}).status, 400);
}

TEST_F(OffersTest, AnAcceptOfADrawThatIsGoneChangesNothing) {
  json g = humans();
  const std::string id = g["id"], white = g["tokens"]["white"], black = g["tokens"]["black"];
  ASSERT_EQ(service_.draw(id, white).status, 200);
  ASSERT_EQ(service_.move(id, white, {{"move", "e2e3"}}).status, 200);
  ApiResult gone = service_.draw(id, black, {{"accept", true}});
  EXPECT_EQ(gone.status, 409);
  json s = service_.get(id).body;
  EXPECT_EQ(s["draw_offer"], nullptr);
  EXPECT_EQ(s["result"], "*");
}

TEST_F(OffersTest, AFinishedGamesOpenSeatCannotBeTaken) {
  ApiResult r = service_.create({{"seats", {{"white", "human"}, {"black", "open"}}}});
  ASSERT_EQ(r.status, 201);
  const std::string id = r.body["id"];
  ASSERT_EQ(service_.resign(id, r.body["tokens"]["white"]).status, 200);
  ApiResult late = service_.join(id, json::object());
  EXPECT_EQ(late.status, 409);
  EXPECT_NE(late.body["error"].get<std::string>().find("is over"), std::string::npos) << late.body.dump();
  EXPECT_EQ(service_.get(id).body["seats"]["black"], "open");
  EXPECT_EQ(store_->load(id)->seats[1].kind, "open");
}

}  // namespace
}  // namespace server
