// The time manager's shape: more of the clock early, the increment late,
// never past the clock.
#include "search/timeman.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

namespace {

search::TimeManager started(std::int64_t time_ms, std::int64_t inc_ms, int ply,
                            std::int64_t overhead_ms = 10) {
  search::Limits limits;
  limits.time_ms[0] = time_ms;
  limits.inc_ms[0] = inc_ms;
  search::TimeManager tm;
  tm.start(limits, 0, ply, overhead_ms);
  return tm;
}

// 10 s + 0.1 s: the moves expected to be left start at 26 and fall by one
// every six plies to 16 (ply 60), so that the clock goes more to the
// opening; the overhead is kept for ten moves.
TEST(TimeManager, ExpectedMovesLeftFallFrom26To16) {
  EXPECT_EQ(started(10000, 100, 0).optimum_ms(), (10000 - 100) / 26 + 75);
  EXPECT_EQ(started(10000, 100, 30).optimum_ms(), (10000 - 100) / 21 + 75);
  EXPECT_EQ(started(10000, 100, 60).optimum_ms(), (10000 - 100) / 16 + 75);
  EXPECT_EQ(started(10000, 100, 200).optimum_ms(), (10000 - 100) / 16 + 75);
  // With a second left late in a game, a move is mostly the increment.
  const auto late = started(1000, 100, 120);
  EXPECT_EQ(late.optimum_ms(), (1000 - 100) / 16 + 75);
  EXPECT_EQ(late.maximum_ms(), (1000 - 100) / 4 + 100);
}

TEST(TimeManager, NeverPastTheClock) {
  for (const std::int64_t time : {1, 5, 20, 50, 200, 1000})
    for (const int ply : {0, 40, 200}) {
      const auto tm = started(time, 0, ply, 10);
      EXPECT_GE(tm.maximum_ms(), 1);
      EXPECT_LE(tm.optimum_ms(), tm.maximum_ms());
      EXPECT_LE(tm.maximum_ms(), std::max<std::int64_t>(1, time - 15)) << time << " ms at ply " << ply;
    }
}

TEST(TimeManager, MovesToGoCountsAsGiven) {
  search::Limits limits;
  limits.time_ms[0] = 60000;
  limits.movestogo = 10;
  search::TimeManager tm;
  tm.start(limits, 0, 0, 0);
  EXPECT_EQ(tm.optimum_ms(), 6000);
}

}  // namespace

// After an iteration: a steady search stops at 0.6 of the optimum; changes of
// the best move and a falling score raise that, within bounds; a best move
// that takes nearly all of a deep iteration's nodes lowers it.
TEST(TimeManager, OptimumScaleFollowsTheSearchsSignals) {
  using search::IterationSignals;
  using search::optimum_scale;
  const IterationSignals steady{12, 0, 0, 0.5};
  EXPECT_DOUBLE_EQ(optimum_scale(steady), 0.6);
  EXPECT_DOUBLE_EQ(optimum_scale({12, 2, 0, 0.5}), 0.6 + 0.7);
  EXPECT_DOUBLE_EQ(optimum_scale({12, 50, 0, 0.5}), 2.0);
  EXPECT_DOUBLE_EQ(optimum_scale({12, 0, 75, 0.5}), 0.6 * 1.5);
  EXPECT_DOUBLE_EQ(optimum_scale({12, 0, 1000, 0.5}), 0.6 * 1.6);
  EXPECT_DOUBLE_EQ(optimum_scale({12, 0, -1000, 0.5}), 0.6 * 0.7);
  EXPECT_DOUBLE_EQ(optimum_scale({12, 0, 0, 0.95}), 0.6 * 0.65);
  // Shallow iterations say too little about where the nodes go.
  EXPECT_DOUBLE_EQ(optimum_scale({5, 0, 0, 0.95}), 0.6);
}
