// Engine work is shared fairly: analysis queues per client and is served in
// turn on threads of its own, so a bot never waits behind it; a full queue
// is shared between clients; refusals say when to come back.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/bitboard.h"
#include "server/analysis_pool.h"
#include "server/game_service.h"

namespace server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;
using Refusal = AnalysisPool::Refusal;

// Holds the pool's one thread until opened, and records what ran in order.
class Recorder {
 public:
  AnalysisPool::Job job(const std::string& name, bool block = false) {
    AnalysisPool::Job j;
    j.run = [this, name, block] {
      std::unique_lock lock(mutex_);
      if (block) {
        blocked_ = true;
        changed_.notify_all();
        changed_.wait(lock, [this] { return open_; });
      }
      ran_.push_back(name);
      changed_.notify_all();
    };
    j.refuse = [this, name](Refusal why, std::chrono::seconds wait) {
      std::lock_guard lock(mutex_);
      refused_.push_back({name, why, wait});
    };
    return j;
  }
  void wait_blocked() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return blocked_; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  std::vector<std::string> wait_ran(std::size_t n) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, 10s, [&] { return ran_.size() >= n; });
    return ran_;
  }
  struct Refused {
    std::string name;
    Refusal why;
    std::chrono::seconds wait;
  };
  std::vector<Refused> refused() {
    std::lock_guard lock(mutex_);
    return refused_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool blocked_ = false;
  bool open_ = false;
  std::vector<std::string> ran_;
  std::vector<Refused> refused_;
};

AnalysisPool::Options one_thread(std::size_t per_client, std::size_t queue_max) {
  return {1, per_client, queue_max, 1000ms};
}

TEST(AnalysisPool, ClientsAreServedInTurnSoAFloodDelaysOnlyItsSender) {
  Recorder r;
  AnalysisPool pool(one_thread(10, 100));
  ASSERT_TRUE(pool.submit("flood", r.job("f0", true)));
  r.wait_blocked();
  for (int i = 1; i <= 5; ++i) ASSERT_TRUE(pool.submit("flood", r.job("f" + std::to_string(i))));
  ASSERT_TRUE(pool.submit("b", r.job("b1")));
  ASSERT_TRUE(pool.submit("c", r.job("c1")));
  ASSERT_TRUE(pool.submit("b", r.job("b2")));
  r.open();
  const auto ran = r.wait_ran(9);
  const std::vector<std::string> expected{"f0", "f1", "b1", "c1", "f2", "b2", "f3", "f4", "f5"};
  EXPECT_EQ(ran, expected);
}

TEST(AnalysisPool, AClientPastItsShareIsRefusedWithATimeToComeBack) {
  Recorder r;
  AnalysisPool pool(one_thread(3, 100));
  ASSERT_TRUE(pool.submit("a", r.job("a0", true)));
  r.wait_blocked();
  ASSERT_TRUE(pool.submit("a", r.job("a1")));
  ASSERT_TRUE(pool.submit("a", r.job("a2")));
  const auto refused = pool.submit("a", r.job("a3"));
  EXPECT_FALSE(refused);
  EXPECT_EQ(refused.refusal, Refusal::ClientFull);
  EXPECT_GE(refused.retry_after, 3s);  // three ahead of it, a second each
  EXPECT_TRUE(pool.submit("b", r.job("b0")));
  r.open();
  EXPECT_EQ(r.wait_ran(4).size(), 4u);
  EXPECT_TRUE(r.refused().empty()) << "a refused submit is answered by its admission, not by `refuse`";
}

TEST(AnalysisPool, AFullQueueIsSharedBetweenClients) {
  Recorder r;
  AnalysisPool pool(one_thread(100, 4));
  ASSERT_TRUE(pool.submit("a", r.job("running", true)));
  r.wait_blocked();
  for (int i = 1; i <= 4; ++i) ASSERT_TRUE(pool.submit("a", r.job("a" + std::to_string(i))));
  // Each newcomer takes the place of the newest request of the client with most.
  EXPECT_TRUE(pool.submit("b", r.job("b1")));
  EXPECT_TRUE(pool.submit("c", r.job("c1")));
  EXPECT_TRUE(pool.submit("d", r.job("d1")));
  EXPECT_EQ(pool.waiting(), 4u);
  const auto refused = r.refused();
  ASSERT_EQ(refused.size(), 3u);
  EXPECT_EQ(refused[0].name, "a4");
  EXPECT_EQ(refused[1].name, "a3");
  EXPECT_EQ(refused[2].name, "a2");
  for (const auto& x : refused) {
    EXPECT_EQ(x.why, Refusal::Displaced);
    EXPECT_GE(x.wait, 1s);
  }
  // Now every client has one waiting: no place to take.
  const auto full = pool.submit("e", r.job("e1"));
  EXPECT_FALSE(full);
  EXPECT_EQ(full.refusal, Refusal::PoolFull);
  EXPECT_GE(full.retry_after, 1s);
  r.open();
  const auto ran = r.wait_ran(5);
  EXPECT_EQ(ran, (std::vector<std::string>{"running", "a1", "b1", "c1", "d1"}));
}

TEST(AnalysisPool, StoppingRefusesWhatStillWaits) {
  Recorder r;
  std::thread opener;
  {
    AnalysisPool pool(one_thread(10, 10));
    ASSERT_TRUE(pool.submit("a", r.job("a0", true)));
    r.wait_blocked();
    ASSERT_TRUE(pool.submit("a", r.job("a1")));
    ASSERT_TRUE(pool.submit("b", r.job("b1")));
    // The pool's destructor waits for the running job, which this ends.
    opener = std::thread([&] {
      std::this_thread::sleep_for(50ms);
      r.open();
    });
  }
  opener.join();
  const auto refused = r.refused();
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_EQ(refused[0].why, Refusal::Stopping);
  EXPECT_EQ(r.wait_ran(1).size(), 1u);
}

class SchedulingTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
  SchedulingTest() : store_(std::move(Store::open(":memory:")).value()), pool_(1) {}

  static ServiceOptions options() {
    ServiceOptions o;
    o.bot_min_think = 0ms;
    o.bot_budget_per_level = 20ms;
    o.analysis_budget = 300ms;
    o.sweep_every = 0ms;
    return o;
  }

  std::unique_ptr<Store> store_;
  BotPool pool_;
};

// Before, analysis ran on the bots' pool: 30 analyses of 300 ms queued ahead
// of the bot's move, nine seconds on one thread.
TEST_F(SchedulingTest, ABotNeverWaitsBehindAnalysis) {
  ServiceOptions o = options();
  o.analysis_queue_max = 64;
  o.analysis_per_client = 64;
  std::atomic<int> answered{0};  // outlives the service, which answers what it drops
  GameService service(*store_, pool_, o);
  for (int i = 0; i < 30; ++i)
    service.analyse(json::object(), Caller{"10.0.0." + std::to_string(i % 3)},
                    [&](const ApiResult&) { ++answered; });
  json g = service.create({{"seats", {{"white", "human"}, {"black", "bot:1"}}}}).body;
  const auto moved = std::chrono::steady_clock::now();
  ASSERT_EQ(service.move(g["id"], g["tokens"]["white"], {{"move", "e2e3"}}).status, 200);
  while (service.get(g["id"]).body["ply"] != 2 && std::chrono::steady_clock::now() - moved < 20s)
    std::this_thread::sleep_for(5ms);
  const auto waited = std::chrono::steady_clock::now() - moved;
  EXPECT_EQ(service.get(g["id"]).body["ply"], 2);
  EXPECT_LT(waited, 3s) << "the bot answered after "
                        << std::chrono::duration_cast<std::chrono::milliseconds>(waited).count() << " ms";
  EXPECT_LT(answered.load(), 30) << "the analyses were still queued when the bot answered";
}

TEST_F(SchedulingTest, AnalysisPastAClientsShareIs429WithRetryAfter) {
  ServiceOptions o = options();
  o.analysis_per_client = 2;
  std::mutex mutex;
  std::vector<ApiResult> results;
  GameService service(*store_, pool_, o);
  for (int i = 0; i < 3; ++i)
    service.analyse(json::object(), Caller{"10.0.0.1"}, [&](const ApiResult& r) {
      std::lock_guard lock(mutex);
      results.push_back(r);
    });
  std::lock_guard lock(mutex);
  ASSERT_FALSE(results.empty());
  // The third is refused at once, before either of the others is done.
  EXPECT_EQ(results[0].status, 429);
  EXPECT_GE(results[0].retry_after, 1s);
  EXPECT_NE(results[0].body["error"].get<std::string>().find("10.0.0.1"), std::string::npos);
}

TEST_F(SchedulingTest, GameCreationIsLimitedPerCaller) {
  ServiceOptions o = options();
  o.games_per_minute = 3;
  GameService service(*store_, pool_, o);
  const json body{{"seats", {{"white", "human"}, {"black", "human"}}}};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(service.create(body, Caller{"10.0.0.1"}).status, 201);
  const ApiResult refused = service.create(body, Caller{"10.0.0.1"});
  EXPECT_EQ(refused.status, 429);
  EXPECT_GE(refused.retry_after, 1s);
  EXPECT_NE(refused.body["error"].get<std::string>().find("at most 3 a minute"), std::string::npos);
  EXPECT_EQ(service.create(body, Caller{"10.0.0.2"}).status, 201);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(service.create(body).status, 201) << "an in-process caller";
  EXPECT_EQ(service.create({{"seats", 5}}, Caller{"10.0.0.1"}).status, 400) << "a bad body is told so";
}

}  // namespace
}  // namespace server
