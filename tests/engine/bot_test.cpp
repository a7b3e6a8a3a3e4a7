#include "engine/bot.h"

#include <gtest/gtest.h>

#include <chrono>

#include "chaturanga/movegen.h"
#include "engine/chaturanga_levels.h"
#include "search/score.h"

namespace {

using namespace std::chrono;

TEST(Bot, EveryLevelPlaysALegalMoveWithinItsBudget) {
  chaturanga::Game game;
  for (int level = engine::MIN_LEVEL; level <= engine::MAX_LEVEL; ++level) {
    const auto start = steady_clock::now();
    const chaturanga::Move m = engine::bot_move(game, level, milliseconds(300));
    const auto used = duration_cast<milliseconds>(steady_clock::now() - start).count();
    chaturanga::MoveList legal;
    chaturanga::generate<chaturanga::GenKind::All>(game.position(), legal);
    EXPECT_TRUE(legal.contains(m)) << "level " << level;
    EXPECT_LT(used, 600) << "level " << level;
  }
}

// UCI_Elo names the strongest level at or below it; the scale rises with the level.
TEST(Bot, AnEloNamesTheStrongestLevelNotAboveIt) {
  EXPECT_EQ(engine::level_for_elo(0), engine::MIN_LEVEL);
  EXPECT_EQ(engine::level_for_elo(engine::MIN_ELO), engine::MIN_LEVEL);
  EXPECT_EQ(engine::level_for_elo(engine::LEVEL_ELO[1] - 1), 1);
  EXPECT_EQ(engine::level_for_elo(engine::LEVEL_ELO[1]), 2);
  EXPECT_EQ(engine::level_for_elo(engine::MAX_ELO), engine::MAX_LEVEL);
  EXPECT_EQ(engine::level_for_elo(9999), engine::MAX_LEVEL);
  for (int i = 1; i < int(std::size(engine::LEVEL_ELO)); ++i)
    EXPECT_GT(engine::LEVEL_ELO[i], engine::LEVEL_ELO[i - 1]);
}

TEST(Bot, SameSeedSameMove) {
  chaturanga::Game game;
  game.play_uci("e2e3");
  for (int level : {1, 3, 5}) {
    const auto a = engine::bot_move(game, level, milliseconds(2000), nullptr, 42);
    const auto b = engine::bot_move(game, level, milliseconds(2000), nullptr, 42);
    EXPECT_EQ(a, b) << "level " << level;
  }
}

TEST(Bot, StopFlagEndsTheSearchQuickly) {
  chaturanga::Game game;
  std::atomic<bool> stop{true};
  const auto start = steady_clock::now();
  const auto m = engine::bot_move(game, engine::MAX_LEVEL, milliseconds(10000), &stop);
  EXPECT_LT(duration_cast<milliseconds>(steady_clock::now() - start).count(), 500);
  EXPECT_TRUE(bool(m));
}

TEST(Bot, NoMoveWhenTheGameIsOver) {
  auto game = chaturanga::Game::from_fen("3k4/8/8/8/8/8/8/4R3 w - - 0 1");
  ASSERT_TRUE(game.ok());
  ASSERT_TRUE(game->over());
  EXPECT_FALSE(bool(engine::bot_move(*game, 4, milliseconds(100))));
}

TEST(Bot, AnalysisGivesAMateScoreForAForcedCapture) {
  auto game = chaturanga::Game::from_fen("3k4/p7/8/8/8/8/8/3RK3 w - - 0 1");
  ASSERT_TRUE(game.ok());
  const auto a = engine::analyse(*game, milliseconds(200));
  ASSERT_TRUE(search::is_decisive(a.score));
  EXPECT_EQ(search::mate_moves(a.score), 1);
  ASSERT_FALSE(a.pv.empty());
}

}  // namespace
