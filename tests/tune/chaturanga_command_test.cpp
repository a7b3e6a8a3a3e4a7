// The two-player tuner's command line: each mistake is named.
#include "tune/chaturanga_command.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace {

std::string error_of(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  EXPECT_EQ(tune::run_tune_chaturanga(args, out, err), 2);
  return err.str();
}

TEST(TuneCommand, MistakesAreNamed) {
  EXPECT_NE(error_of({}).find("give one of --pgn and --positions"), std::string::npos);
  EXPECT_NE(error_of({"--pgn", "x.pgn", "--positions", "y.txt"}).find("give one of --pgn and --positions"),
            std::string::npos);
  EXPECT_NE(error_of({"--positions", "y.txt", "--variant", "xiangqi"}).find("unknown variant 'xiangqi'"),
            std::string::npos);
  EXPECT_NE(error_of({"--pgn"}).find("--pgn needs a value"), std::string::npos);
  EXPECT_NE(error_of({"--pgn", "x.pgn", "--passes", "two"}).find("--passes: 'two' is not a number"),
            std::string::npos);
  EXPECT_NE(error_of({"--pgn", "x.pgn", "--colour", "3"}).find("unknown argument '--colour'"),
            std::string::npos);
  EXPECT_NE(error_of({"--pgn", "/nonexistent/x.pgn"}).find("cannot read '/nonexistent/x.pgn'"),
            std::string::npos);
}

// Each game of the family has its own weights: one run tunes one game.
TEST(TuneCommand, GamesOfTwoVariantsAreRefused) {
  const std::string path = testing::TempDir() + "two_variants.pgn";
  {
    std::ofstream pgn(path);
    pgn << "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e3 e6 1-0\n\n"
        << "[Event \"b\"]\n[Variant \"Shatranj\"]\n[Result \"0-1\"]\n\n1. e3 e6 0-1\n";
  }
  EXPECT_NE(error_of({"--pgn", path}).find("the games are of several variants (game 2)"), std::string::npos);
  std::remove(path.c_str());
}

// A game that cannot be read is named with the reason, not skipped in silence.
TEST(TuneCommand, AnUnreadableGameIsNamed) {
  const std::string path = testing::TempDir() + "unreadable.pgn";
  {
    std::ofstream pgn(path);
    pgn << "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e3 e6 2. e5 1-0\n";
  }
  std::ostringstream out, err;
  EXPECT_EQ(tune::run_tune_chaturanga({"--pgn", path}, out, err), 1);
  EXPECT_NE(err.str().find("skipping game 1: PGN line 4"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("'e5'"), std::string::npos) << err.str();
  EXPECT_NE(out.str().find("games 0 (skipped 1)"), std::string::npos) << out.str();
  std::remove(path.c_str());
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

// The games' positions go out with their labels, and come back in as a
// training set: what another program relabels is what the tuner reads.
TEST(TuneCommand, PositionsAreWrittenAndReadBack) {
  const std::string pgn = write_file("positions.pgn",
                                     "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e3 e6 2. Nf3 Nf6 3. Nc3 Nc6 "
                                     "4. Ke2 Ke7 1-0\n");
  const std::string positions = testing::TempDir() + "positions.txt";
  std::ostringstream out, err;
  ASSERT_EQ(tune::run_tune_chaturanga({"--pgn", pgn, "--skip-plies", "2", "--write-positions", positions},
                                      out, err),
            0)
      << err.str();
  std::ifstream in(positions);
  std::string first;
  ASSERT_TRUE(std::getline(in, first));
  // After 1. e3 e6, White to move; the game was won by White, no search scores.
  EXPECT_EQ(first, "rnbkqbnr/pppp1ppp/4p3/8/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2;1");
  int lines = 1;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_EQ(lines, 6);  // plies 2 to 7, all quiet

  // Tuning on them (in zero seconds: no weight of this process's evaluation moves).
  const std::string weights = testing::TempDir() + "positions.inc";
  std::ostringstream out2, err2;
  ASSERT_EQ(tune::run_tune_chaturanga(
                {"--positions", positions, "--passes", "1", "--seconds", "0", "--out", weights}, out2, err2),
            0)
      << err2.str();
  EXPECT_NE(out2.str().find("positions 6"), std::string::npos) << out2.str();
  EXPECT_NE(out2.str().find("time limit reached in pass 1"), std::string::npos) << out2.str();
  std::ifstream written(weights);
  std::string header;
  std::getline(written, header);
  EXPECT_NE(header.find("from 6 labelled Chaturanga positions"), std::string::npos) << header;
  for (const auto& p : {pgn, positions, weights}) std::remove(p.c_str());
}

TEST(TuneCommand, ABadPositionLineIsNamed) {
  const std::string fen = "rnbkqbnr/pppp1ppp/4p3/8/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2";
  EXPECT_NE(error_of({"--positions", write_file("no_label.txt", fen + "\n")}).find("line 1: no ';LABEL'"),
            std::string::npos);
  EXPECT_NE(error_of({"--positions", write_file("bad_label.txt", fen + ";0.5\n" + fen + ";1.5\n")})
                .find("line 2: the label '1.5' is not a number from 0 to 1"),
            std::string::npos);
  EXPECT_NE(
      error_of({"--positions", write_file("bad_fen.txt", "rnbkqbnr/ppp w - - 0 1;0.5\n")}).find("line 1: "),
      std::string::npos);
  for (const char* name : {"no_label.txt", "bad_label.txt", "bad_fen.txt"})
    std::remove((testing::TempDir() + name).c_str());
}

}  // namespace
