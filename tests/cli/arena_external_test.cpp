// Arena players that are outside programs: our own `chaturanga uci` plays legal
// games through the pipe, and programs that answer illegally or not at all
// forfeit in a counted way instead of stopping the arena.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/arena.h"

namespace {

// A UCI program as a shell script that answers `go` with `answer` (nothing when empty).
std::string fake_program(const std::string& name, const std::string& answer) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << "#!/bin/sh\n"
                         "while read -r cmd rest; do\n"
                         "  case \"$cmd\" in\n"
                         "    uci) echo uciok ;;\n"
                         "    isready) echo readyok ;;\n"
                         "    go) "
                      << (answer.empty() ? ":" : "echo '" + answer + "'")
                      << " ;;\n"
                         "    quit) exit 0 ;;\n"
                         "  esac\n"
                         "done\n";
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

TEST(ArenaExternal, Specs) {
  auto bot = cli::parse_arena_bot("uci=prog --flag:ms=50:nodes=7:timeout=900");
  ASSERT_TRUE(bot.ok()) << bot.error();
  EXPECT_TRUE(bot->is_external());
  EXPECT_EQ(bot->external.command, "prog --flag");
  EXPECT_EQ(bot->external.ms, 50);
  EXPECT_EQ(bot->external.nodes, 7u);
  EXPECT_EQ(bot->external.timeout_ms, 900);
  EXPECT_FALSE(cli::parse_arena_bot("uci=").ok());
  EXPECT_FALSE(cli::parse_arena_bot("uci=prog:noise=3").ok());
  EXPECT_FALSE(cli::parse_arena_bot("brs").value().is_external());
}

TEST(ArenaExternal, OurOwnUciPlaysLegalGames) {
  std::ostringstream out, err;
  const std::string ours = std::string("uci=") + CHATURANGA_BIN + " uci:nodes=1000";
  ASSERT_EQ(
      cli::run_arena({"--variant", "chaturaji-points", "--bot", ours, "--bot", "brs:nodes=1000", "--bot",
                      "greedy-capture", "--bot", "random", "--games", "1", "--max-plies", "40"},
                     out, err),
      0)
      << err.str();
  EXPECT_NE(out.str().find("24 games"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("outside program: forfeits 0 (no answer 0, illegal 0)"), std::string::npos)
      << out.str();
  EXPECT_EQ(out.str().find("forfeit in game"), std::string::npos) << out.str();
}

TEST(ArenaExternal, IllegalAnswerForfeitsAndRanksLast) {
  std::ostringstream out, err;
  const std::string bad = "uci=" + fake_program("arena_illegal.sh", "bestmove a1a1");
  ASSERT_EQ(cli::run_arena({"--variant", "chaturaji-points", "--bot", bad, "--bot", "greedy-capture", "--bot",
                            "random", "--bot", "random", "--games", "1", "--max-plies", "40"},
                           out, err),
            0)
      << err.str();
  EXPECT_NE(out.str().find("mean place 4.00 ± 0.00"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("forfeits 24 (no answer 0, illegal 24)"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("answered 'bestmove a1a1'"), std::string::npos) << out.str();
}

TEST(ArenaExternal, MissingAnswerLosesTheTeamGame) {
  std::ostringstream out, err;
  const std::string silent = "uci=" + fake_program("arena_silent.sh", "") + ":timeout=200";
  ASSERT_EQ(
      cli::run_arena({"--variant", "chaturaji-teams", "--bot", silent, "--bot", "random", "--openings", "1"},
                     out, err),
      0)
      << err.str();
  EXPECT_NE(out.str().find("score 0.0% ± 0.0%"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("forfeits 2 (no answer 2, illegal 0)"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("no bestmove within 200 ms"), std::string::npos) << out.str();
}

TEST(ArenaExternal, ProgramThatDoesNotStartIsAnError) {
  std::ostringstream out, err;
  EXPECT_EQ(
      cli::run_arena({"--variant", "chaturaji-teams", "--bot", "uci=/nonexistent/engine", "--bot", "random"},
                     out, err),
      2);
  EXPECT_NE(err.str().find("/nonexistent/engine"), std::string::npos) << err.str();
}

}  // namespace
