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
  EXPECT_NE(error_of({}).find("--pgn is missing"), std::string::npos);
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

}  // namespace
