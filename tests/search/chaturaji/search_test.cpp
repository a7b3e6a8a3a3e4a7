// The searches find what a position forces, and Star1/Star2 prune without
// changing the expectiminimax value.
#include <gtest/gtest.h>

#include <thread>

#include "search/budget.h"
#include "search/chaturaji/eval.h"
#include "search/chaturaji/expectimax.h"
#include "search/chaturaji/result.h"
#include "search/score.h"
#include "support/chaturaji_bots.h"

namespace {

using bots_test::fen;
using bots_test::text;
using bots_test::think;
using chaturaji::Variant;
using engine::ChaturajiAlgorithm;

TEST(TeamSearch, TakesTheLastEnemyKing) {
  // Green is out; the red rook on a1 takes the black king on a8 and wins.
  const auto pos = fen(Variant::Teams, "bK6rK/8/8/8/8/8/8/rR6yK r g 0,0,0,0 0");
  const auto reply = think(pos, ChaturajiAlgorithm::Team, 3);
  EXPECT_EQ(text(pos, reply.best), "a1a8");
  EXPECT_EQ(reply.score, search::WIN - 1);
}

TEST(TeamSearch, PassesWhenItMust) {
  // The red king on h8 has every square covered by the green rooks.
  const auto pos = fen(Variant::Teams, "7rK/gR7/8/8/3bK4/8/8/yK5gRgK r - 0,0,0,0 0");
  EXPECT_EQ(text(pos, think(pos, ChaturajiAlgorithm::Team, 4).best), "pass");
}

TEST(TeamSearch, SameDepthSameTree) {
  const auto pos = chaturaji::Position::start(Variant::Teams);
  const auto a = think(pos, ChaturajiAlgorithm::Team, 6);
  const auto b = think(pos, ChaturajiAlgorithm::Team, 6);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.depth, 6);
}

TEST(Expectimax, BoatTakesTheLastKingWithATwo) {
  const auto pos = fen(Variant::Dice, "rK6rB/8/5bK2/8/8/8/8/yK7 r g 0,0,0,0 0 dice=22");
  EXPECT_EQ(text(pos, think(pos, ChaturajiAlgorithm::Expectimax, 2).best), "h8f6");
}

TEST(Mcts, BoatTakesTheLastKingWithATwo) {
  const auto pos = fen(Variant::Dice, "rK6rB/8/5bK2/8/8/8/8/yK7 r g 0,0,0,0 0 dice=22");
  EXPECT_EQ(text(pos, think(pos, ChaturajiAlgorithm::Mcts, 2).best), "h8f6");
}

TEST(Mcts, SameLimitsSameMove) {
  const auto pos = chaturaji::Position::start(Variant::Points);
  const auto a = think(pos, ChaturajiAlgorithm::Mcts, 1);
  const auto b = think(pos, ChaturajiAlgorithm::Mcts, 1);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_GT(a.depth, 1);
}

// The clock stops a search at the internal deadline (90 % of the bound less
// 2 ms, 88 ms of 100), not at the bound: past 88 ms the next poll stops it.
TEST(Budget, StopsAtTheDeadlineNotAtTheBound) {
  search::Bounds limits;
  limits.time_ms = 100;
  search::Budget budget(limits);
  EXPECT_FALSE(budget.tick());
  std::this_thread::sleep_for(std::chrono::milliseconds(89));
  bool stopped = false;
  for (int i = 0; i < 256 && !stopped; ++i) stopped = budget.tick();
  EXPECT_TRUE(stopped) << "still searching after " << budget.elapsed_ms() << " ms of a 100 ms bound";
}

// Star2's probes and Star1's windows are exact: the root value is that of
// the search without probes, depth by depth, each with a fresh table.
TEST(Expectimax, Star2KeepsTheValue) {
  for (const char* f :
       {"bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0 "
        "dice=34",
        "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0 "
        "dice=25"}) {
    const auto pos = fen(Variant::Dice, f);
    for (int depth = 1; depth <= 3; ++depth) {
      int values[2];
      for (int star2 = 0; star2 < 2; ++star2) {
        search::TranspositionTable tt;
        search::Bounds limits;
        search::Budget budget(limits);
        search::chaturaji::Expectimax s(pos, {}, budget, tt, star2 == 1);
        ASSERT_TRUE(s.iteration(depth));
        values[star2] = s.score();
      }
      EXPECT_EQ(values[0], values[1]) << f << " depth " << depth;
    }
  }
}

TEST(Expectimax, ChanceNodesArePruned) {
  search::TranspositionTable tt;
  search::Bounds limits;
  search::Budget budget(limits);
  const auto pos =
      fen(Variant::Dice,
          "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0 "
          "dice=34");
  search::chaturaji::Expectimax s(pos, {}, budget, tt);
  ASSERT_TRUE(s.iteration(4));
  EXPECT_GT(s.stats().chance_nodes, 0u);
  EXPECT_GT(s.stats().star1_cuts + s.stats().star2_cuts, 0u);
}

class PointsSearches : public ::testing::TestWithParam<ChaturajiAlgorithm> {};

TEST_P(PointsSearches, TakeTheLastKingForFirstPlace) {
  // Yellow and green are out; red's rook takes blue's king and ends the game first.
  const auto pos = fen(Variant::Points, "bK7/8/8/8/8/8/8/rR2rK4 r yg 0,0,0,0 0");
  EXPECT_EQ(text(pos, think(pos, GetParam(), 3).best), "a1a8");
}

TEST_P(PointsSearches, TakeAFreePiece) {
  const auto pos = fen(Variant::Points, "bK6yK/8/8/bB7/8/8/8/rR2rK3gK r - 0,0,0,0 0");
  EXPECT_EQ(text(pos, think(pos, GetParam(), 2).best), "a1a5");
}

INSTANTIATE_TEST_SUITE_P(All, PointsSearches,
                         ::testing::Values(ChaturajiAlgorithm::Brs, ChaturajiAlgorithm::BrsPlus,
                                           ChaturajiAlgorithm::Paranoid, ChaturajiAlgorithm::GreedyCapture,
                                           ChaturajiAlgorithm::Mcts));

TEST(Points, ClaimsAWonGame) {
  const auto pos = fen(Variant::Points, "bK7/8/8/8/8/8/8/rK7 r yg 30,0,0,0 0");
  EXPECT_EQ(text(pos, think(pos, ChaturajiAlgorithm::Auto, 3).best), "claim");
}

}  // namespace

namespace {

TEST(Evaluation, ScopedWeightsApplyOnThisThreadOnly) {
  const auto pos = bots_test::fen(Variant::Teams, "bK6rK/8/8/8/8/8/8/rR6yK r g 0,0,0,0 0");
  const int before = search::chaturaji::evaluate(pos, 0);
  search::chaturaji::EvalParams heavy = search::chaturaji::builtin_params(Variant::Teams);
  heavy.piece[chaturaji::ROOK] += 1000;
  {
    const search::chaturaji::ParamsScope scope(&heavy);
    EXPECT_EQ(search::chaturaji::evaluate(pos, 0), std::min(before + 1000, search::chaturaji::EVAL_LIMIT));
  }
  EXPECT_EQ(search::chaturaji::evaluate(pos, 0), before);
}

}  // namespace

namespace {

// `dice`: black's last king (green is out) stands where red's boat jumps.
// Red throws next: a 2 comes up in 7 throws of 16, and that ends the game.
TEST(Evaluation, KingRiskIsTheChanceOfTheThrowThatTakesTheKing) {
  const auto pos = bots_test::fen(Variant::Dice, "rK6rB/8/5bK2/8/8/8/8/yK7 r g 0,0,0,0 0 dice=34");
  search::chaturaji::EvalParams p = search::chaturaji::builtin_params(Variant::Dice);
  p.king_risk = 0;
  const int without = search::chaturaji::evaluate_dice(pos, 0, p);
  p.king_risk = 100;
  const int with = search::chaturaji::evaluate_dice(pos, 0, p);
  EXPECT_EQ(with - without, (256 - 256 * 9 / 16) * search::chaturaji::EVAL_LIMIT / 256);
}

// `dice`: red's boat attacks no king, but a double 2 takes black's last king
// (h8-f6-d4): 1 throw in 16.
TEST(Evaluation, KingRiskCountsTheDoubleThatTakesTheKing) {
  const auto pos = bots_test::fen(Variant::Dice, "rK6rB/8/8/8/3bK4/8/8/yK7 r g 0,0,0,0 0 dice=34");
  search::chaturaji::EvalParams p = search::chaturaji::builtin_params(Variant::Dice);
  p.king_risk = 0;
  const int without = search::chaturaji::evaluate_dice(pos, 0, p);
  p.king_risk = 100;
  const int with = search::chaturaji::evaluate_dice(pos, 0, p);
  EXPECT_EQ(with - without, 16 * search::chaturaji::EVAL_LIMIT / 256);
}

}  // namespace
