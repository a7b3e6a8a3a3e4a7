#include "chaturanga/notation.h"

#include <gtest/gtest.h>

#include "chaturanga/fen.h"

using namespace chaturanga;

TEST(Uci, IllegalAndMalformedMovesAreNamed) {
  const Position pos = Position::start();
  EXPECT_NE(parse_uci(pos, "e2e4").error().find("'e2e4' is illegal"), std::string::npos);
  EXPECT_NE(parse_uci(pos, "e2").error().find("not in UCI form"), std::string::npos);
  EXPECT_NE(parse_uci(pos, "i2i3").error().find("not in UCI form"), std::string::npos);
  EXPECT_NE(parse_uci(pos, "e2e3n").error().find("minister"), std::string::npos);
  EXPECT_NE(parse_uci(pos, "e2e3q").error().find("not a promotion"), std::string::npos);
}

TEST(San, PiecesAndPawns) {
  const Position pos = Position::start();
  EXPECT_EQ(to_san(pos, *parse_uci(pos, "g1f3")), "Nf3");
  EXPECT_EQ(to_san(pos, *parse_uci(pos, "c1e3")), "Be3");
  EXPECT_EQ(to_san(pos, *parse_uci(pos, "e2e3")), "e3");
}

TEST(San, CapturesPromotionAndDisambiguation) {
  const auto pos = parse_fen("3k4/P7/8/2p5/1P6/8/4K3/R6R w - - 0 1");
  ASSERT_TRUE(pos.ok());
  EXPECT_EQ(to_san(*pos, *parse_uci(*pos, "b4c5")), "bxc5");
  EXPECT_EQ(to_san(*pos, *parse_uci(*pos, "a7a8q")), "a8=Q");
  EXPECT_EQ(to_san(*pos, *parse_uci(*pos, "a1b1")), "Rab1");
  EXPECT_EQ(to_san(*pos, *parse_uci(*pos, "h1f1")), "Rhf1");
}

TEST(San, ParsesWhatItWritesAndToleratesMarks) {
  const auto pos = parse_fen("3k4/P7/8/2p5/1P6/8/4K3/R6R w - - 0 1");
  EXPECT_EQ(to_uci(*parse_san(*pos, "a8=Q")), "a7a8q");
  EXPECT_EQ(to_uci(*parse_san(*pos, "a8")), "a7a8q");
  EXPECT_EQ(to_uci(*parse_san(*pos, "bxc5!?")), "b4c5");
  EXPECT_EQ(to_uci(*parse_san(*pos, "Rab1+")), "a1b1");
  EXPECT_FALSE(parse_san(*pos, "Rb1").ok());  // ambiguous
  EXPECT_FALSE(parse_san(*pos, "Qd4").ok());
}
