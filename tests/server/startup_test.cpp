// Start-up loads the games whose bot is to move, from the store's index,
// and nothing else: every other unfinished game stays on disk until it is
// asked for. A bot to move still moves without anyone asking.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/bitboard.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

class StartupTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  StartupTest() : store_(std::move(Store::open(":memory:")).value()), pool_(1) {}

  std::unique_ptr<GameService> service(std::chrono::milliseconds bot_min_think) {
    ServiceOptions o;
    o.bot_min_think = bot_min_think;
    o.bot_budget_per_level = 20ms;
    o.sweep_every = 0ms;
    return std::make_unique<GameService>(*store_, pool_, o);
  }

  json wait_for_ply(GameService& s, const std::string& id, int ply) {
    for (int i = 0; i < 500 && s.get(id).body["ply"] != ply; ++i) std::this_thread::sleep_for(10ms);
    return s.get(id).body;
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
};

TEST_F(StartupTest, OnlyTheGamesWhoseBotIsToMoveAreLoaded) {
  std::string waiting_for_bot, waiting_for_human;
  {
    // The bot would answer a minute after the move: the service stops first.
    auto before = service(60000ms);
    for (int i = 0; i < 40; ++i) {
      ApiResult r = before->create({{"seats", {{"white", "human"}, {"black", "human"}}}});
      ASSERT_EQ(r.status, 201);
      ASSERT_EQ(before->move(r.body["id"], r.body["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
    }
    json g = before->create({{"seats", {{"white", "human"}, {"black", "bot:1"}}}}).body;
    ASSERT_EQ(before->move(g["id"], g["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
    waiting_for_bot = g["id"];
    json h = before->create({{"seats", {{"white", "human"}, {"black", "bot:1"}}}}).body;
    waiting_for_human = h["id"];
  }
  auto after = service(0ms);
  EXPECT_EQ(after->resume(), 1u);
  EXPECT_EQ(after->rooms_in_memory(), 1u) << "start-up loaded games nobody asked for";
  json s = wait_for_ply(*after, waiting_for_bot, 2);
  EXPECT_EQ(s["ply"], 2);
  EXPECT_EQ(store_->load(waiting_for_bot)->moves.size(), 2u);
  EXPECT_EQ(after->get(waiting_for_human).body["ply"], 0);
  // The bot moved, so the index no longer lists the game.
  EXPECT_TRUE(store_->games_to_resume("", 100).ids.empty());
}

TEST_F(StartupTest, GamesStoredBeforeTheIndexAreLookedAtOnceAndIndexed) {
  auto svc = service(0ms);
  json g = svc->create({{"seats", {{"white", "human"}, {"black", "bot:1"}}}}).body;
  GameRecord record = *store_->load(g["id"]);
  record.bot_to_move.reset();
  record.id = "legacybot";
  record.moves = {"e2e3"};
  ASSERT_TRUE(store_->insert_game(record));
  record.id = "legacyhuman";
  record.moves = {};
  ASSERT_TRUE(store_->insert_game(record));
  EXPECT_EQ(store_->games_to_resume("", 100).ids.size(), 2u);

  EXPECT_EQ(svc->resume(), 1u);
  EXPECT_EQ(wait_for_ply(*svc, "legacybot", 2)["ply"], 2);
  EXPECT_EQ(store_->load("legacyhuman")->bot_to_move, false);
  EXPECT_TRUE(store_->games_to_resume("", 100).ids.empty());
}

TEST_F(StartupTest, AGameReadBackWhoseBotIsToMoveStartsItsBot) {
  std::string id;
  {
    auto before = service(60000ms);
    json g = before->create({{"seats", {{"white", "human"}, {"black", "bot:1"}}}}).body;
    ASSERT_EQ(before->move(g["id"], g["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
    id = g["id"];
  }
  // No start-up at all: the first request for the game brings its bot back.
  auto after = service(0ms);
  const json first = after->get(id).body;
  EXPECT_TRUE(first["thinking"] == true || first["ply"] == 2) << first.dump();
  EXPECT_EQ(wait_for_ply(*after, id, 2)["ply"], 2);
}

TEST_F(StartupTest, StartUpReadsTheIndexAPageAtATime) {
  auto svc = service(60000ms);
  for (int i = 0; i < 300; ++i) {
    json g = svc->create({{"seats", {{"white", "bot:1"}, {"black", "human"}}}}).body;
    ASSERT_EQ(g["thinking"], true);
  }
  const ResumePage first = store_->games_to_resume("", 256);
  EXPECT_EQ(first.ids.size(), 256u);
  EXPECT_TRUE(first.more);
  const ResumePage second = store_->games_to_resume(first.ids.back(), 256);
  EXPECT_EQ(second.ids.size(), 44u);
  EXPECT_FALSE(second.more);
  EXPECT_LT(first.ids.back(), second.ids.front());
}

}  // namespace
}  // namespace server
