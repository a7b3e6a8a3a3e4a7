// Rooms leave memory once unused and come back from the store unchanged:
// the state, the PGN and the tokens of an evicted game are those it had.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/bitboard.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// A state less what it says of the present moment: the server's clock, and
// since when each absent seat has been away (a room read back counts its
// seats as here from then: game_presence.cpp). The rest eviction must keep.
json lasting(json state) {
  state.erase("server_ms");
  if (state.contains("left"))
    for (auto& seat : state["left"].items()) seat.value() = "away";
  return state;
}

struct Probe : Subscriber {
  void deliver(std::shared_ptr<const std::string>) override {}
};

class EvictionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  EvictionTest() : store_(std::move(Store::open(":memory:")).value()), pool_(1) {}

  // A service whose rooms are dropped only by evict_unused().
  std::unique_ptr<GameService> service(std::chrono::milliseconds keep_finished,
                                       std::chrono::milliseconds keep_idle,
                                       std::chrono::milliseconds bot_min_think = 0ms) {
    ServiceOptions o;
    o.bot_min_think = bot_min_think;
    o.bot_budget_per_level = 20ms;
    o.keep_finished = keep_finished;
    o.keep_idle = keep_idle;
    o.sweep_every = 0ms;
    return std::make_unique<GameService>(*store_, pool_, o);
  }

  static json humans(GameService& s,
                     const json& body = {{"seats", {{"white", "human"}, {"black", "human"}}}}) {
    ApiResult r = s.create(body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body;
  }

  static void play(GameService& s, const json& game, int plies) {
    for (int i = 0; i < plies; ++i) {
      json state = s.get(game["id"]).body;
      const std::string seat = state["turn"];
      ApiResult r = s.move(game["id"], game["tokens"][seat], {{"move", state["legal"][i % 3]}});
      ASSERT_EQ(r.status, 200) << r.body.dump();
    }
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
};

TEST_F(EvictionTest, FinishedGameLeavesMemoryAndReadsBackUnchanged) {
  auto s = service(0ms, 1h);
  json g = humans(*s);
  const std::string id = g["id"];
  play(*s, g, 6);
  ASSERT_EQ(s->resign(id, g["tokens"]["black"]).status, 200);
  const json before = s->get(id).body;
  const json pgn = s->pgn(id).body;
  EXPECT_EQ(s->rooms_in_memory(), 1u);

  EXPECT_EQ(s->evict_unused(), 1u);
  EXPECT_EQ(s->rooms_in_memory(), 0u);
  EXPECT_EQ(lasting(s->get(id).body), lasting(before));
  EXPECT_EQ(s->rooms_in_memory(), 1u);
  EXPECT_EQ(s->evict_unused(), 1u);
  EXPECT_EQ(s->pgn(id).body, pgn);
  EXPECT_EQ(s->list({id}).body["games"][0]["result"], "1-0");
  EXPECT_EQ(s->move(id, g["tokens"]["white"], {{"move", "e2e3"}}).status, 409);
}

TEST_F(EvictionTest, KeepTimesAreHonoured) {
  auto s = service(1h, 1h);
  json g = humans(*s);
  ASSERT_EQ(s->resign(g["id"], g["tokens"]["white"]).status, 200);
  humans(*s);
  EXPECT_EQ(s->evict_unused(), 0u);
  EXPECT_EQ(s->rooms_in_memory(), 2u);
}

TEST_F(EvictionTest, IdleGameComesBackPlayableWithItsTokens) {
  auto s = service(1h, 0ms);
  json g = humans(*s);
  const std::string id = g["id"];
  play(*s, g, 3);
  const json before = s->get(id).body;
  EXPECT_EQ(s->evict_unused(), 1u);
  EXPECT_EQ(s->rooms_in_memory(), 0u);
  EXPECT_EQ(lasting(s->get(id).body), lasting(before));
  ApiResult r = s->move(id, g["tokens"]["black"], {{"move", before["legal"][0]}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["ply"], 4);
}

TEST_F(EvictionTest, DiceGameReplaysTheSameThrowsAfterEviction) {
  auto s = service(1h, 0ms);
  json g = humans(
      *s, {{"variant", "chaturaji-dice"},
           {"seats", {{"red", "human"}, {"green", "human"}, {"yellow", "human"}, {"black", "human"}}}});
  const std::string id = g["id"];
  for (int i = 0; i < 12; ++i) {
    json state = s->get(id).body;
    if (state["result"] != "*") break;
    const std::string seat = state["turn"];
    ASSERT_EQ(s->move(id, g["tokens"][seat], {{"move", state["legal"][i % state["legal"].size()]}}).status,
              200);
  }
  const json before = s->get(id).body;
  EXPECT_EQ(s->evict_unused(), 1u);
  EXPECT_EQ(lasting(s->get(id).body), lasting(before));
}

TEST_F(EvictionTest, RoomInUseStays) {
  auto s = service(0ms, 0ms, 10s);
  json watched = humans(*s);
  auto probe = std::make_shared<Probe>();
  ASSERT_EQ(s->subscribe(watched["id"], probe).status, 200);
  json offered = humans(*s);
  ASSERT_EQ(s->draw(offered["id"], offered["tokens"]["white"]).status, 200);
  ApiResult bot = s->create({{"seats", {{"white", "human"}, {"black", "bot:1"}}}});
  ASSERT_EQ(bot.status, 201);
  ASSERT_EQ(s->move(bot.body["id"], bot.body["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
  EXPECT_TRUE(s->get(bot.body["id"]).body["thinking"]);

  EXPECT_EQ(s->evict_unused(), 0u)
      << "a watched game, a pending draw offer and a thinking bot keep their rooms";
  probe.reset();
  EXPECT_EQ(s->evict_unused(), 1u);
  EXPECT_EQ(s->rooms_in_memory(), 2u);
}

TEST_F(EvictionTest, SweeperDropsFinishedGamesByItself) {
  ServiceOptions o;
  o.keep_finished = 0ms;
  o.sweep_every = 10ms;
  GameService s(*store_, pool_, o);
  json g = humans(s);
  ASSERT_EQ(s.resign(g["id"], g["tokens"]["white"]).status, 200);
  for (int i = 0; i < 200 && s.rooms_in_memory() > 0; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(s.rooms_in_memory(), 0u);
  EXPECT_EQ(s.get(g["id"]).body["result"], "0-1");
}

}  // namespace
}  // namespace server
