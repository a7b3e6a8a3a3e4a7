// JobGate: a service's jobs never run after the service is gone, and its
// destructor waits for the ones running (the TSan report of
// EvictionTest.RoomInUseStays: a bot job read a destroyed GameService).
#include "server/job_gate.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "core/bitboard.h"
#include "server/game_service.h"

namespace server {
namespace {

using namespace std::chrono_literals;

TEST(JobGate, AJobStartedAfterCloseDoesNotRun) {
  JobGate gate;
  bool ran = false;
  const auto job = gate.guard([&] { ran = true; });
  gate.close();
  job();
  EXPECT_FALSE(ran);
  gate.wait_idle();  // nothing runs: returns at once
}

TEST(JobGate, WaitIdleReturnsOnlyAfterTheRunningJobEnds) {
  JobGate gate;
  std::atomic<bool> started{false}, release{false}, finished{false};
  std::thread worker(gate.guard([&] {
    started = true;
    while (!release) std::this_thread::yield();
    finished = true;
  }));
  while (!started) std::this_thread::yield();
  gate.close();
  std::thread releaser([&] {
    std::this_thread::sleep_for(20ms);
    release = true;
  });
  gate.wait_idle();
  EXPECT_TRUE(finished);
  worker.join();
  releaser.join();
}

// A service destroyed while its bot thinks, on a pool that lives on and
// would run the bot's next job later: under ASan or TSan a job that touched
// the dead service would be reported here.
TEST(JobGate, AServiceGoesWhileItsBotThinksOnASharedPool) {
  core::init();
  auto store = std::move(Store::open(":memory:")).value();
  BotPool pool(2);
  for (int round = 0; round < 3; ++round) {
    ServiceOptions o;
    o.bot_min_think = 30ms;  // the bot's move is applied by a later job
    o.bot_budget_per_level = 20ms;
    auto service = std::make_unique<GameService>(*store, pool, o);
    const ApiResult game = service->create({{"seats", {{"white", "human"}, {"black", "bot:2"}}}});
    ASSERT_EQ(game.status, 201) << game.body.dump();
    ASSERT_EQ(service->move(game.body["id"], game.body["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(10 * round));
    service.reset();
  }
  std::this_thread::sleep_for(100ms);  // the pool runs (and must skip) what is left
}

}  // namespace
}  // namespace server
