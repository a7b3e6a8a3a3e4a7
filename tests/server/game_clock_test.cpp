// The clock's arithmetic, the reading of a time control, and the uptime
// that a restart charges a clock with.
#include "server/game_clock.h"

#include <gtest/gtest.h>

#include "server/uptime.h"

namespace server {
namespace {

using nlohmann::json;

constexpr TimeControl BLITZ{180000, 2000};

TEST(GameClock, NoSeatRunsUntilATurnIsGiven) {
  const GameClock clock(BLITZ, 2);
  EXPECT_EQ(clock.running(), -1);
  EXPECT_FALSE(clock.flagged(1'000'000'000));
  EXPECT_EQ(clock.remaining(0, 5000), 180000);
}

TEST(GameClock, TheRunningSeatIsChargedAndTheIncrementAddedWhenTheTurnPasses) {
  GameClock clock(BLITZ, 2);
  clock.turn_to(0, 1000, false);
  EXPECT_EQ(clock.remaining(0, 4000), 177000);
  EXPECT_EQ(clock.remaining(1, 4000), 180000);
  clock.turn_to(1, 6000, true);
  EXPECT_EQ(clock.running(), 1);
  EXPECT_EQ(clock.remaining(0, 9000), 180000 - 5000 + 2000);
  EXPECT_EQ(clock.remaining(1, 9000), 177000);
  EXPECT_EQ(clock.since(), 6000);
}

TEST(GameClock, TheSameSeatAgainKeepsItsTurnGoing) {
  GameClock clock(BLITZ, 4);
  clock.turn_to(2, 0, false);
  clock.turn_to(2, 3000, true);  // a second move in the same turn (dice)
  EXPECT_EQ(clock.since(), 0);
  EXPECT_EQ(clock.remaining(2, 3000), 177000);
  clock.turn_to(3, 4000, true);
  EXPECT_EQ(clock.banked()[2], 180000 - 4000 + 2000);
}

TEST(GameClock, TimeNeverShowsBelowZeroAndTheFlagFallsAtZero) {
  GameClock clock({15000, 0}, 2);
  clock.turn_to(1, 100, false);
  // Zero is read at 15100, but that whole millisecond may still be running.
  EXPECT_EQ(clock.flag_at(), 15101);
  EXPECT_FALSE(clock.flagged(15100));
  EXPECT_TRUE(clock.flagged(15101));
  EXPECT_EQ(clock.remaining(1, 20000), 0);
  // A clock set to start later than now (restored) shows its full time.
  EXPECT_EQ(clock.remaining(1, 50), 15000);
  clock.turn_to(-1, 20000, true);
  EXPECT_EQ(clock.running(), -1);
  EXPECT_EQ(clock.banked()[1], 0);
}

TEST(GameClock, ARestoredClockGoesOnFromItsBankedTimes) {
  GameClock clock(BLITZ, std::vector<GameClock::Ms>{1000, 2500});
  clock.turn_to(1, 10000, false);
  EXPECT_EQ(clock.remaining(1, 11000), 1500);
  EXPECT_EQ(clock.flag_at(), 12501);
}

TEST(TimeControl, TheBoundsAreThoseOfTheSpec) {
  EXPECT_TRUE(time_control_from_json({{"initial_ms", 15000}, {"increment_ms", 0}}));
  EXPECT_TRUE(time_control_from_json({{"initial_ms", 10800000}, {"increment_ms", 180000}}));
  const auto read = time_control_from_json({{"initial_ms", 300000}, {"increment_ms", 3000}});
  ASSERT_TRUE(read);
  EXPECT_EQ(read->initial_ms, 300000);
  EXPECT_EQ(read->increment_ms, 3000);
  const std::pair<json, std::string> bad[] = {
      {{{"initial_ms", 14999}, {"increment_ms", 0}},
       "clock.initial_ms must be from 15000 to 10800000 ms, not 14999"},
      {{{"initial_ms", 10800001}, {"increment_ms", 0}}, "clock.initial_ms must be from"},
      {{{"initial_ms", 60000}, {"increment_ms", 180001}}, "clock.increment_ms must be from 0 to 180000 ms"},
      {{{"initial_ms", 60000}, {"increment_ms", -5}}, "clock.increment_ms must be from"},
      {{{"initial_ms", 18446744073709551615ULL}, {"increment_ms", 0}}, "clock.initial_ms must be from"},
      {{{"initial_ms", 6e4}, {"increment_ms", 0}}, "clock.initial_ms must be a whole number"},
      {{{"increment_ms", 0}}, "clock.initial_ms is missing"},
      {{{"initial_ms", 60000}, {"increment_ms", 0}, {"delay_ms", 5}},
       "clock.delay_ms is not a clock setting"},
      {json::array({60000, 0}), "clock must be an object"},
  };
  for (const auto& [clock, error] : bad) {
    const auto r = time_control_from_json(clock);
    ASSERT_FALSE(r) << clock;
    EXPECT_NE(r.error().find(error), std::string::npos) << r.error();
  }
}

TEST(Uptime, OnlyTheTimeTheServerWasUpIsCharged) {
  // Up 1000..5000 (last heartbeat), down, up again from 9000.
  const Uptime uptime({{1000, 5000}}, 9000);
  EXPECT_EQ(uptime.between(3000, 9500), 2000 + 500);
  EXPECT_EQ(uptime.between(9200, 9500), 300);
  EXPECT_EQ(uptime.between(6000, 9000), 0);
  // Two outages: 5000..9000 of the first restart and 12000..20000.
  const Uptime again({{1000, 5000}, {9000, 12000}}, 20000);
  EXPECT_EQ(again.between(4000, 21000), 1000 + 3000 + 1000);
}

TEST(Uptime, ARunThatSeemsToOverlapThisOneIsNotCountedTwice) {
  // The wall clock was set back: an earlier run's heartbeat is after this start.
  const Uptime uptime({{1000, 12000}}, 10000);
  EXPECT_EQ(uptime.between(8000, 11000), 2000 + 1000);
}

}  // namespace
}  // namespace server
