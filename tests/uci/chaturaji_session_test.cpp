// The four-handed games over UCI, driven as a GUI drives them: the variant
// chosen by UCI_Variant, then position and go.
#include <gtest/gtest.h>

#include <sstream>

#include "support/chaturaji_bots.h"
#include "uci/uci.h"

namespace {

using chaturaji::Variant;

std::string talk(const std::string& variant, const std::string& lines) {
  std::istringstream in("setoption name UCI_Variant value " + variant + "\n" + lines);
  std::ostringstream out;
  uci::run(in, out);
  return out.str();
}

std::string bestmove(const std::string& output) {
  const auto at = output.rfind("bestmove ");
  if (at == std::string::npos) return "";
  return output.substr(at + 9, output.find('\n', at) - at - 9);
}

// The position that `d` printed last.
chaturaji::Position printed(Variant v, const std::string& output) {
  const auto end = output.rfind('\n', output.size() - 2);
  return bots_test::fen(v, output.substr(end == std::string::npos ? 0 : end + 1,
                                         output.size() - (end == std::string::npos ? 0 : end + 1) - 1));
}

TEST(ChaturajiUci, PlaysFromStartposWithMoves) {
  const std::string out = talk("chaturaji-teams", "position startpos moves h8f6 g1f1\ngo depth 3\nd\n");
  const std::string best = bestmove(out);
  EXPECT_TRUE(chaturaji::parse_move(printed(Variant::Teams, out), best).ok()) << out;
}

TEST(ChaturajiUci, PositionFenAndPass) {
  const std::string out =
      talk("chaturaji-teams", "position fen 7rK/gR7/8/8/3bK4/8/8/yK5gRgK r - 0,0,0,0 0\ngo movetime 50\n");
  EXPECT_EQ(bestmove(out), "pass");
}

TEST(ChaturajiUci, DiceThrowInTheMoves) {
  const std::string after = talk("chaturaji-dice", "position startpos moves dice:22 h8f6 f6h4\nd\n");
  EXPECT_EQ(printed(Variant::Dice, after).turn(), 2) << after;
  const std::string out = talk("chaturaji-dice", "position startpos moves dice:33\ngo nodes 20000\nd\n");
  EXPECT_TRUE(chaturaji::parse_move(printed(Variant::Dice, out), bestmove(out)).ok()) << out;
}

TEST(ChaturajiUci, PointsClockLimit) {
  EXPECT_NE(bestmove(talk("chaturaji-points", "position startpos\ngo wtime 2000 btime 2000\n")), "");
}

TEST(ChaturajiUci, BadInputIsReported) {
  EXPECT_NE(talk("chaturaji-teams", "position fen xyz r - 0,0,0,0 0\n").find("info string error"),
            std::string::npos);
  EXPECT_NE(talk("chaturaji-teams", "position startpos moves e2e5\n").find("move 'e2e5'"), std::string::npos);
  EXPECT_NE(talk("chaturaji-teams", "go movetime soon\n").find("not a number"), std::string::npos);
  EXPECT_NE(talk("chaturaji-teams", "go sideways 3\n").find("unknown go argument"), std::string::npos);
  EXPECT_NE(talk("chaturaji-teams", "isready\n").find("readyok"), std::string::npos);
}

TEST(ChaturajiUci, GameOverHasNoMove) {
  EXPECT_EQ(
      bestmove(talk("chaturaji-teams", "position fen rK7/8/8/8/8/8/8/yK7 r gb 0,0,0,0 0\ngo depth 2\n")),
      "(none)");
}

TEST(ChaturajiUci, OptionsSetBeforeTheVariantStillApply) {
  std::istringstream in(
      "setoption name MultiPV value 3\nsetoption name UCI_Variant value chaturaji-points\n"
      "setoption name UCI_Variant value chaturanga\nposition startpos\ngo depth 3\n");
  std::ostringstream out;
  uci::run(in, out);
  EXPECT_NE(out.str().find(" multipv 3 "), std::string::npos) << out.str();
  EXPECT_NE(bestmove(out.str()), "");
}

}  // namespace
