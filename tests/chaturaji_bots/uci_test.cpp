// The UCI handler of the four-handed games.
#include <gtest/gtest.h>

#include <sstream>

#include "bots_util.h"
#include "uci/chaturaji_uci.h"

namespace {

using chaturaji::Variant;

std::string answer(uci::ChaturajiSession& s, const std::string& line) {
  std::ostringstream out;
  EXPECT_TRUE(uci::handle_chaturaji(line, s, out)) << line;
  return out.str();
}

std::string bestmove(const std::string& output) {
  const auto at = output.rfind("bestmove ");
  if (at == std::string::npos) return "";
  return output.substr(at + 9, output.find('\n', at) - at - 9);
}

TEST(ChaturajiUci, PlaysFromStartposWithMoves) {
  uci::ChaturajiSession s(Variant::Teams);
  EXPECT_EQ(answer(s, "position startpos moves h8f6 g1f1"), "");
  const std::string best = bestmove(answer(s, "go depth 3"));
  auto m = chaturaji::parse_move(s.game.position(), best);
  EXPECT_TRUE(m.ok()) << best;
}

TEST(ChaturajiUci, PositionFenAndPass) {
  uci::ChaturajiSession s(Variant::Teams);
  answer(s, "position fen 7rK/gR7/8/8/3bK4/8/8/yK5gRgK r - 0,0,0,0 0");
  EXPECT_EQ(bestmove(answer(s, "go movetime 50")), "pass");
}

TEST(ChaturajiUci, DiceThrowInTheMoves) {
  uci::ChaturajiSession s(Variant::Dice);
  answer(s, "position startpos moves dice:22 h8f6 f6h4");
  EXPECT_EQ(s.game.position().turn(), 2);
  answer(s, "position startpos moves dice:33");
  const std::string best = bestmove(answer(s, "go nodes 20000"));
  EXPECT_TRUE(chaturaji::parse_move(s.game.position(), best).ok()) << best;
}

TEST(ChaturajiUci, PointsClockLimit) {
  uci::ChaturajiSession s(Variant::Points);
  answer(s, "position startpos");
  EXPECT_NE(bestmove(answer(s, "go wtime 2000 btime 2000")), "");
}

TEST(ChaturajiUci, BadInputIsReported) {
  uci::ChaturajiSession s(Variant::Teams);
  EXPECT_NE(answer(s, "position fen xyz r - 0,0,0,0 0").find("info string error"), std::string::npos);
  EXPECT_NE(answer(s, "position startpos moves e2e5").find("move 'e2e5'"), std::string::npos);
  EXPECT_NE(answer(s, "go movetime soon").find("not a number"), std::string::npos);
  EXPECT_NE(answer(s, "go sideways 3").find("unknown go argument"), std::string::npos);
  std::ostringstream out;
  EXPECT_FALSE(uci::handle_chaturaji("isready", s, out));
}

TEST(ChaturajiUci, GameOverHasNoMove) {
  uci::ChaturajiSession s(Variant::Teams);
  answer(s, "position fen rK7/8/8/8/8/8/8/yK7 r gb 0,0,0,0 0");
  EXPECT_EQ(bestmove(answer(s, "go depth 2")), "(none)");
}

}  // namespace
