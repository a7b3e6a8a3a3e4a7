#include "chaturanga/fen.h"

#include <gtest/gtest.h>

using namespace chaturanga;

TEST(Fen, StartPositionRoundTrips) {
  const auto pos = parse_fen(START_FEN);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(*pos), START_FEN);
  EXPECT_EQ(*pos, Position::start());
  EXPECT_EQ(pos->key(), Position::start().key());
  EXPECT_EQ(pos->king_square(WHITE), core::make_square(4, 0));
  EXPECT_EQ(pos->king_square(BLACK), core::make_square(3, 7));
}

TEST(Fen, FourFieldsDefaultTheClocks) {
  const auto pos = parse_fen("3k4/8/8/8/8/8/8/4K3 b - -");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(to_fen(*pos), "3k4/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(Fen, KeyDependsOnlyOnPlacementAndSide) {
  const auto a = parse_fen("3k4/8/8/8/8/8/8/4K3 w - - 0 1");
  const auto b = parse_fen("3k4/8/8/8/8/8/8/4K3 w - - 37 90");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->key(), b->key());
}

struct BadFen {
  const char* fen;
  const char* message_part;
};

class FenErrors : public testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, NamesWhatIsWrong) {
  const auto pos = parse_fen(GetParam().fen);
  ASSERT_FALSE(pos.ok());
  EXPECT_NE(pos.error().find(GetParam().message_part), std::string::npos) << pos.error();
}

INSTANTIATE_TEST_SUITE_P(Fen, FenErrors,
                         testing::Values(BadFen{"", "6 fields"},
                                         BadFen{"3k4/8/8/8/8/8/8/4K3 w - - 0", "6 fields"},
                                         BadFen{"3k4/8/8/8/8/8/8/3KK3 w - - 0 1", "two white kings"},
                                         BadFen{"3kk3/8/8/8/8/8/8/4K3 w - - 0 1", "two black kings"},
                                         BadFen{"3k3P/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on h8"},
                                         BadFen{"3k4/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on a1"},
                                         BadFen{"3k4/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
                                         BadFen{"3k4/8/8/8/8/8/8/4K3 w KQkq - 0 1", "castling"},
                                         BadFen{"3k4/8/8/8/8/8/8/4K3 w - e3 0 1", "en-passant"},
                                         BadFen{"3k4/8/8/8/8/8/8/4K3 w - - x 1", "halfmove"},
                                         BadFen{"3k4/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove"},
                                         BadFen{"3k4/8/8/8/8/8/8/4X3 w - - 0 1", "unknown piece letter 'X'"},
                                         BadFen{"3k5/8/8/8/8/8/8/4K3 w - - 0 1", "longer than 8"},
                                         BadFen{"3k3/8/8/8/8/8/8/4K3 w - - 0 1", "rank 8 has 7 squares"},
                                         BadFen{"3k4/8/8/8/8/8/8 w - - 0 1", "8 full ranks"},
                                         BadFen{"3k4/8/8/8/8/8/8/8/4K3 w - - 0 1", "more than 8 ranks"}),
                         [](const testing::TestParamInfo<BadFen>& info) {
                           return "case" + std::to_string(info.index);
                         });
