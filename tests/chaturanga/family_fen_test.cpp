// FEN of the descendant games as Fairy-Stockfish writes it.
#include <gtest/gtest.h>

#include "chaturanga/fen.h"

using namespace chaturanga;

namespace {
const RuleSet& named(const char* name) { return *find_rules(name); }

std::string error_of(const char* game, const std::string& fen) {
  const auto pos = parse_fen(named(game), fen);
  EXPECT_FALSE(pos.ok()) << fen;
  return pos.ok() ? "" : pos.error();
}
}  // namespace

TEST(FamilyFen, StartPositionsRoundTrip) {
  for (const char* name :
       {"chaturanga", "chaturanga-chesscom", "shatranj", "makruk", "cambodian", "sittuyin"}) {
    const RuleSet& r = named(name);
    const Position start = start_position(r);
    EXPECT_EQ(to_fen(start), r.start_fen) << name;
    EXPECT_EQ(&start.rules(), &r);
  }
  EXPECT_EQ(to_fen(start_position(named("shatranj"))),
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1");
  EXPECT_EQ(to_fen(start_position(named("chaturanga-chesscom"))),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
}

TEST(FamilyFen, SittuyinPocketsInFairyStockfishOrder) {
  const auto pos =
      parse_fen(named("sittuyin"), "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(pos->hand(WHITE, CHARIOT), 2);
  EXPECT_EQ(pos->hand(BLACK, KING), 1);
  EXPECT_EQ(to_fen(*pos), "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1");
  EXPECT_NE(
      pos->key(),
      parse_fen(named("sittuyin"), "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRSSNNkfrrssnn] w - - 0 1")->key());
}

TEST(FamilyFen, CambodianFirstMoveRights) {
  const auto pos = parse_fen(named("cambodian"), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ee - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(pos->gates(WHITE), core::square_bb(core::make_square(4, 0)));
  EXPECT_EQ(pos->gates(BLACK), core::square_bb(core::make_square(4, 7)));
  EXPECT_EQ(to_fen(*pos), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ee - 0 1");
}

TEST(FamilyFen, CountingFieldsOfMakruk) {
  const auto pos = parse_fen(named("makruk"), "8/8/8/4k3/8/8/R2K4/8 b - 32 6 31");
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(pos->counting_limit(), 32);
  EXPECT_EQ(pos->counting_ply(), 6);
  EXPECT_EQ(pos->halfmove_clock(), 0);
  EXPECT_EQ(to_fen(*pos), "8/8/8/4k3/8/8/R2K4/8 b - 32 6 31");
}

TEST(FamilyFen, ErrorsNameWhatIsWrong) {
  EXPECT_NE(error_of("makruk", "8/8/4k3/8/8/8/3K4/R7[R] w - - 0 1").find("pieces in hand"),
            std::string::npos);
  EXPECT_NE(error_of("makruk", "4k3/8/8/8/8/8/8/R2K4 w D - 0 1").find("no castling"), std::string::npos);
  EXPECT_NE(error_of("cambodian", "4k3/8/8/8/8/8/8/R2K4 w E - 0 1").find("no white piece stands on e1"),
            std::string::npos);
  EXPECT_NE(error_of("cambodian", "4k3/8/8/8/8/8/8/R2K4 w X - 0 1").find("'X'"), std::string::npos);
  EXPECT_NE(error_of("makruk", "4k3/8/8/8/8/8/8/R2K4 w - x 0 1").find("counting field"), std::string::npos);
  EXPECT_NE(error_of("shatranj", "4k3/8/8/8/8/8/8/R7 w - - 0 1").find("no white king"), std::string::npos);
  EXPECT_NE(error_of("shatranj", "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1").find("black king in check"),
            std::string::npos);
  EXPECT_NE(error_of("makruk", "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1").find("would have promoted"),
            std::string::npos);
  EXPECT_NE(error_of("sittuyin", "4k3/8/8/8/8/8/8/4K2P w - - 0 1").find("own first rank"), std::string::npos);
  EXPECT_NE(error_of("sittuyin", "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").find("on the board and one in hand"),
            std::string::npos);
  EXPECT_NE(error_of("makruk", "4k3/8/8/8/8/8/8/4K2B w - - 0 1").find("unknown piece letter 'B'"),
            std::string::npos);
}

TEST(FamilyFen, SittuyinPawnsMayStandOnTheLastRank) {
  EXPECT_TRUE(parse_fen(named("sittuyin"), "1P2k3/8/8/8/8/8/8/4K3[] b - - 0 1").ok());
}
