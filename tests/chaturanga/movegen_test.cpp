#include "chaturanga/movegen.h"

#include <gtest/gtest.h>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"

using namespace chaturanga;

namespace {
MoveList moves_of(const std::string& fen) {
  const auto pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  MoveList list;
  generate<GenKind::All>(*pos, list);
  return list;
}
bool has(const MoveList& list, const std::string& uci) {
  for (const Move m : list)
    if (to_uci(m) == uci) return true;
  return false;
}
}  // namespace

TEST(Movegen, ElephantJumpsTwoDiagonallyOverAnything) {
  const MoveList list = moves_of("3k4/8/8/8/8/1p1p4/2B5/4K3 w - - 0 1");
  EXPECT_TRUE(has(list, "c2a4"));
  EXPECT_TRUE(has(list, "c2e4"));
  EXPECT_FALSE(has(list, "c2b3"));
  EXPECT_FALSE(has(list, "c2d3"));
}

TEST(Movegen, MinisterStepsOneDiagonally) {
  const MoveList list = moves_of("3k4/8/8/8/3Q4/8/8/4K3 w - - 0 1");
  for (const char* m : {"d4c5", "d4e5", "d4c3", "d4e3"}) EXPECT_TRUE(has(list, m)) << m;
  EXPECT_FALSE(has(list, "d4d5"));
  EXPECT_FALSE(has(list, "d4b6"));
}

TEST(Movegen, PawnHasNoDoubleStepAndPromotesToMinister) {
  const MoveList start = moves_of(std::string(START_FEN));
  EXPECT_FALSE(has(start, "e2e4"));
  EXPECT_TRUE(has(start, "e2e3"));
  const MoveList promo = moves_of("3k4/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(has(promo, "a7a8q"));
  const auto pos = parse_fen("3k4/P7/8/8/8/8/8/4K3 w - - 0 1");
  const auto m = parse_uci(*pos, "a7a8");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(type_of(pos->after(*m).piece_on(core::make_square(0, 7))), MINISTER);
}

TEST(Movegen, KingMayMoveIntoAttack) { EXPECT_TRUE(has(moves_of("3k4/8/8/8/8/8/r7/4K3 w - - 0 1"), "e1e2")); }

TEST(Movegen, NoMovesOnceAKingIsGone) { EXPECT_TRUE(moves_of("8/8/8/8/8/8/8/3QK3 b - - 0 1").empty()); }

TEST(Movegen, CapturesAndQuietsPartitionAllMoves) {
  const auto pos = parse_fen("r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1");
  MoveList all, captures, quiets;
  generate<GenKind::All>(*pos, all);
  generate<GenKind::Captures>(*pos, captures);
  generate<GenKind::Quiets>(*pos, quiets);
  EXPECT_EQ(all.size(), captures.size() + quiets.size());
  EXPECT_EQ(int(all.size()), count_moves(*pos));
  for (const Move m : captures) EXPECT_TRUE(pos->is_capture(m));
}
