#include "uci/uci.h"

#include <gtest/gtest.h>

#include <sstream>

#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"

namespace {

std::string talk(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::run(in, out);
  return out.str();
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Uci, HandshakeListsTheOptions) {
  const std::string out = talk("uci\nisready\n");
  EXPECT_NE(out.find("option name UCI_Variant type combo default chaturanga var chaturanga"),
            std::string::npos);
  EXPECT_NE(out.find("option name Hash"), std::string::npos);
  EXPECT_NE(out.find("option name Threads"), std::string::npos);
  EXPECT_NE(out.find("option name MultiPV"), std::string::npos);
  EXPECT_NE(out.find("option name Skill Level"), std::string::npos);
  EXPECT_NE(out.find("option name Move Overhead"), std::string::npos);
  EXPECT_NE(out.find("uciok"), std::string::npos);
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

TEST(Uci, GarbageGetsAnErrorNeverACrash) {
  const std::string lines[] = {"\x01\xff\xfe",
                               "fly me to the moon",
                               "position",
                               "position fen",
                               "position fen 9/8/8/8/8/8/8/8 w - - 0 1",
                               "position startpos moves e2e5",
                               "position startpos junk",
                               "go wtime -5",
                               "go depth x",
                               "go frobnicate",
                               "go perft 0",
                               "setoption",
                               "setoption name Hash value -5",
                               "setoption name Threads value many",
                               "setoption name UCI_Variant value xiangqi",
                               "setoption name Nonsense value 1",
                               "bench 0",
                               "bench rft 2",
                               "bench 1x"};
  std::string input;
  for (const auto& l : lines) input += l + "\n";
  input += "isready\n";
  const std::string out = talk(input);
  EXPECT_EQ(count(out, "info string error"), int(std::size(lines))) << out;
  EXPECT_NE(out.find("readyok"), std::string::npos);
}

TEST(Uci, GoDepthEndsWithALegalBestMoveAndInfoLines) {
  const std::string out = talk("position startpos moves e2e3 e7e6\ngo depth 4\nisready\n");
  // Quit at end of input stops the search; the best move is still given.
  const auto at = out.find("bestmove ");
  ASSERT_NE(at, std::string::npos) << out;
  const std::string move = out.substr(at + 9, out.find_first_of(" \n", at + 9) - at - 9);
  chaturanga::Game g;
  g.play_uci("e2e3");
  g.play_uci("e7e6");
  EXPECT_TRUE(chaturanga::parse_uci(g.position(), move).ok()) << move;
}

TEST(Uci, InfoLinesCarryTheUsualFields) {
  std::istringstream in("position fen 3k4/p7/8/8/8/8/8/3RK3 w - - 0 1\ngo depth 3\n");
  std::ostringstream out;
  uci::run(in, out);
  const std::string text = out.str();
  for (const char* field : {"depth ", "seldepth ", "score mate 1", "nodes ", "nps ", "hashfull ", "pv d1d8"})
    EXPECT_NE(text.find(field), std::string::npos) << field << " missing in\n" << text;
  EXPECT_NE(text.find("bestmove d1d8"), std::string::npos);
}

TEST(Uci, PerftCountsTheStartPosition) {
  const std::string out = talk("go perft 3\n");
  EXPECT_NE(out.find("Nodes searched: 4176"), std::string::npos) << out;
}

TEST(Uci, GameOverGivesNoMove) {
  const std::string out = talk("position fen 3k4/8/8/8/8/8/8/4R3 w - - 0 1\ngo depth 3\n");
  EXPECT_NE(out.find("bestmove (none)"), std::string::npos) << out;
}

}  // namespace
