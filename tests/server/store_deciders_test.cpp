// Who decides a game (store.h): on PostgreSQL, the run that stored a game's
// last change decides it; another run takes it only once that run's process
// has stopped (its connection closed), and then exactly one run does. On a
// SQLite file the one process decides every game.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store.h"
#include "store_backends.h"

namespace server {
namespace {

using backends::Backend;

class StoreDecidersTest : public backends::StoreBackendTest {
 protected:
  // A store with its run begun, as a server process has.
  std::unique_ptr<Store> process() {
    auto store = Store::open(scratch_.uri());
    EXPECT_TRUE(store) << store.error();
    if (!store) return nullptr;
    std::vector<ServerRun> earlier;
    const auto run = store.value()->begin_run(1000, earlier);
    EXPECT_TRUE(run) << run.error();
    runs_.push_back(run ? *run : -1);
    return std::move(store).value();
  }
  static GameRecord bot_game(const std::string& id) {
    GameRecord g = backends::chaturanga_game(id);
    g.bot_to_move = false;
    return g;
  }
  // A stopped session lets its locks go a moment after the client closed
  // it: the orphans are asked for again for up to two seconds.
  static std::vector<std::string> orphans_soon(Store& store) {
    std::vector<std::string> ids;
    for (int i = 0; i < 200 && ids.empty(); ++i) {
      ids = store.take_orphans();
      if (ids.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::sort(ids.begin(), ids.end());
    return ids;
  }
  std::vector<std::int64_t> runs_;
};
INSTANTIATE_FOR_EACH_BACKEND(StoreDecidersTest);

TEST_P(StoreDecidersTest, TheRunThatStoredTheLastChangeDecidesTheGame) {
  auto a = process();
  auto b = process();
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->insert_game(bot_game("d1")));
  if (GetParam() == Backend::Sqlite) {
    EXPECT_FALSE(a->shared());
    EXPECT_TRUE(a->take_decision("d1"));
    EXPECT_TRUE(a->take_orphans().empty());
    return;
  }
  EXPECT_TRUE(a->shared());
  EXPECT_EQ(a->load("d1")->decider, runs_[0]);
  EXPECT_FALSE(b->take_decision("d1")) << "run A is alive and decides d1";
  EXPECT_TRUE(a->take_decision("d1"));
  // The person's move is stored by B: B decides now, A no longer may take it.
  ASSERT_TRUE(b->append_move("d1", 0, "e2e3", "*", "", true));
  EXPECT_EQ(b->load("d1")->decider, runs_[1]);
  EXPECT_FALSE(a->take_decision("d1"));
  EXPECT_TRUE(a->take_orphans().empty()) << "B is alive: nothing of it is an orphan";
}

TEST_P(StoreDecidersTest, AStoppedRunsGamesAreTakenOverByExactlyOneOtherRun) {
  if (GetParam() == Backend::Sqlite) GTEST_SKIP() << "one process on a SQLite file";
  auto a = process();
  auto b = process();
  auto c = process();
  ASSERT_TRUE(a && b && c);
  GameRecord waiting = bot_game("bot-to-move");
  waiting.bot_to_move = true;
  ASSERT_TRUE(a->insert_game(waiting));
  GameRecord clocked = bot_game("clock-runs");
  clocked.clock = ClockRecord{{60000, 0}, {60000, 60000}, 1000};
  ASSERT_TRUE(a->insert_game(clocked));
  ASSERT_TRUE(a->insert_game(bot_game("idle")));  // nothing to decide in it now
  EXPECT_TRUE(b->take_orphans().empty());
  a.reset();  // the process stops: its connection, and with it its run's lock, goes
  const std::vector<std::string> by_b = orphans_soon(*b);
  const std::vector<std::string> by_c = c->take_orphans();
  EXPECT_EQ(by_b, (std::vector<std::string>{"bot-to-move", "clock-runs"}));
  EXPECT_TRUE(by_c.empty()) << "B took them first; C must not take them too";
  EXPECT_EQ(c->load("idle")->decider, runs_[1]);
  EXPECT_FALSE(c->take_decision("bot-to-move"));
  // And once B stops as well, C takes them.
  b.reset();
  EXPECT_EQ(orphans_soon(*c), (std::vector<std::string>{"bot-to-move", "clock-runs"}));
  EXPECT_TRUE(c->take_decision("idle"));
}

TEST_P(StoreDecidersTest, AGameNoRunHasDecidedIsTakenByTheFirstToAsk) {
  if (GetParam() == Backend::Sqlite) GTEST_SKIP() << "one process on a SQLite file";
  auto a = process();
  auto b = process();
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->insert_game(bot_game("old")));
  // As a game stored before the column: no decider recorded.
  ASSERT_EQ(scratch_.exec("UPDATE games SET decider = NULL"), "");
  EXPECT_TRUE(b->take_decision("old"));
  EXPECT_FALSE(a->take_decision("old"));
}

// A process serves games as soon as its store is open: a change another
// process stores at that moment must reach it, so the store listens before
// it is returned (a slow first connection once lost such a change for good).
TEST_P(StoreDecidersTest, AStoreHearsAChangeStoredTheMomentItOpened) {
  if (GetParam() == Backend::Sqlite) GTEST_SKIP() << "one process on a SQLite file";
  auto a = process();
  ASSERT_TRUE(a);
  ASSERT_TRUE(a->insert_game(bot_game("heard")));
  const char* moves[] = {"e2e3", "e7e6", "d2d3", "d7d6", "c2c3"};
  for (int round = 0; round < 5; ++round) {
    std::mutex mutex;
    std::condition_variable arrived;
    std::vector<std::string> heard;
    auto b = process();
    ASSERT_TRUE(b);
    b->on_changes_elsewhere([&](const std::string& id) {
      std::lock_guard lock(mutex);
      heard.push_back(id);
      arrived.notify_all();
    });
    ASSERT_TRUE(a->append_move("heard", round, moves[round], "*", "", round % 2 == 0));
    std::unique_lock lock(mutex);
    EXPECT_TRUE(
        arrived.wait_for(lock, std::chrono::seconds(5),
                         [&] { return std::find(heard.begin(), heard.end(), "heard") != heard.end(); }))
        << "round " << round << ": the store opened just before the move never heard of it";
    lock.unlock();
    b->on_changes_elsewhere(nullptr);
  }
}

}  // namespace
}  // namespace server
