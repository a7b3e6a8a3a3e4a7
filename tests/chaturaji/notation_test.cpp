// Our four-player notation and move text: round trips and clear errors.
#include "chaturaji/game.h"
#include "test_util.h"

namespace chaturaji {
namespace {

TEST(Notation, StartPositionsRoundTrip) {
  for (const Variant v : {Variant::Teams, Variant::Dice, Variant::Points}) {
    const std::string text = start_fen(v);
    const auto pos = parse_fen(v, text);
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_TRUE(*pos == Position::start(v)) << text;
    EXPECT_EQ(to_fen(*pos), text);
  }
  EXPECT_EQ(start_fen(Variant::Points),
            "bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR r - 0,0,0,0 0");
}

TEST(Notation, GamePositionsRoundTrip) {
  for (const Variant v : {Variant::Teams, Variant::Dice, Variant::Points}) {
    Game game(v, 3);
    for (int i = 0; i < 60 && !game.over(); ++i) {
      MoveList list;
      generate(game.position(), list);
      game.play(list[std::size_t(i * 7) % list.size()]);
      const std::string text = to_fen(game.position());
      const auto back = parse_fen(v, text);
      ASSERT_TRUE(back.ok()) << back.error() << ": " << text;
      EXPECT_EQ(to_fen(*back), text);
      EXPECT_EQ(back->key(), game.position().key()) << text;
    }
  }
}

TEST(Notation, BadPositionsSayWhatIsWrong) {
  const auto expect_error = [](Variant v, const std::string& text, const std::string& part) {
    const auto pos = parse_fen(v, text);
    ASSERT_FALSE(pos.ok()) << text;
    EXPECT_NE(pos.error().find(part), std::string::npos) << pos.error();
  };
  const std::string board = "bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR";
  expect_error(Variant::Points, "", "expected");
  expect_error(Variant::Points, "8/8 r - 0,0,0,0 0", "8 ranks");
  expect_error(Variant::Points, board + " x - 0,0,0,0 0", "turn");
  expect_error(Variant::Points, board + " r - 0,0,0 0", "scores");
  expect_error(Variant::Points, board + " r - 0,0,65536,0 0", "outside -9999..9999");
  expect_error(Variant::Points, board + " r - 0,0,0,0 -3", "clock");
  expect_error(Variant::Points, "kK7/8/8/8/8/8/8/8 r - 0,0,0,0 0", "colour letter");
  expect_error(Variant::Points, "rQ7/8/8/8/8/8/8/8 r - 0,0,0,0 0", "piece letter");
  expect_error(Variant::Points, "rK8/8/8/8/8/8/8/8 r - 0,0,0,0 0", "squares");
  expect_error(Variant::Points, "rK7/8/8/8/8/8/8/8 r - 0,0,0,0 0", "no king");
  expect_error(Variant::Points, board + " r - 0,0,0,0 0 dice=34", "only chaturaji-dice");
  expect_error(Variant::Dice, start_fen(Variant::Teams) + " dice=17", "faces 2-5");
  expect_error(Variant::Dice, start_fen(Variant::Teams) + " colour=3", "unknown field");
}

TEST(Notation, MovesAsText) {
  const Position pos = Position::start(Variant::Points);
  EXPECT_TRUE(parse_move(pos, "d2d3").ok());
  const auto illegal = parse_move(pos, "d2d4");
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.error().find("illegal move 'd2d4' for red"), std::string::npos) << illegal.error();
  EXPECT_FALSE(parse_move(pos, "zz").ok());
  EXPECT_FALSE(parse_move(pos, "d2d3xyz").ok());
  EXPECT_FALSE(parse_move(pos, "K@e4").ok());
  EXPECT_EQ(to_text(pos, Move::special(Move::Pass)), "pass");
  EXPECT_EQ(to_text(pos, Move(parse_square("e4"), parse_square("e4"), Move::Drop)), "K@e4");
  EXPECT_EQ(parse_move(pos, "resign").value().type(), Move::Resign);
  EXPECT_EQ(parse_move(pos, "timeout").value().type(), Move::Timeout);
}

}  // namespace
}  // namespace chaturaji
