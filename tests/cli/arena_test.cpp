// The arena's options and a tiny run: rotations are complete and every game
// is counted for each player.
#include "cli/arena.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

TEST(Arena, BotSpecs) {
  auto bot = cli::parse_arena_bot("team:depth=3:ms=20");
  ASSERT_TRUE(bot.ok());
  EXPECT_EQ(bot->request.limits.depth, 3);
  EXPECT_EQ(bot->request.limits.movetime_ms, 20);
  EXPECT_FALSE(cli::parse_arena_bot("alphazero").ok());
  EXPECT_FALSE(cli::parse_arena_bot("team:depth").ok());
  EXPECT_FALSE(cli::parse_arena_bot("team:speed=3").ok());
}

TEST(Arena, WeightsInTheSpec) {
  auto o = cli::parse_arena_options(
      {"--variant", "chaturaji-dice", "--bot", "expectimax:depth=2:threat=40:king=900", "--bot", "greedy"});
  ASSERT_TRUE(o.ok()) << o.error();
  ASSERT_NE(o->bots[0].options.params, nullptr);
  EXPECT_EQ(o->bots[0].options.params->threat, 40);
  EXPECT_EQ(o->bots[0].options.params->piece[chaturaji::KING], 900);
  EXPECT_EQ(o->bots[0].options.params->mobility,
            search::chaturaji::builtin_params(chaturaji::Variant::Dice).mobility);
  EXPECT_EQ(o->bots[1].options.params, nullptr);
  EXPECT_FALSE(cli::parse_arena_bot("team:charm=3").ok());
}

TEST(Arena, OptionErrors) {
  EXPECT_FALSE(cli::parse_arena_options({"--bot", "team", "--bot", "greedy"}).ok());
  EXPECT_FALSE(
      cli::parse_arena_options({"--variant", "chaturaji-points", "--bot", "brs", "--bot", "greedy"}).ok());
  EXPECT_FALSE(cli::parse_arena_options({"--variant", "chess", "--bot", "team", "--bot", "greedy"}).ok());
  EXPECT_FALSE(cli::parse_arena_options({"--variant", "chaturaji-teams", "--games"}).ok());
}

TEST(Arena, PointsRotatesAllSeatings) {
  std::ostringstream out, err;
  const int rc =
      cli::run_arena({"--variant", "chaturaji-points", "--bot", "greedy-capture", "--bot", "random", "--bot",
                      "random", "--bot", "greedy", "--games", "1", "--max-plies", "40"},
                     out, err);
  EXPECT_EQ(rc, 0) << err.str();
  EXPECT_NE(out.str().find("24 games"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("player 3 greedy: games 24"), std::string::npos) << out.str();
}

TEST(Arena, TeamsPlaysEachBotOnEachTeam) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run_arena({"--variant", "chaturaji-teams", "--bot", "team:depth=1", "--bot", "random",
                            "--openings", "2", "--threads", "2"},
                           out, err),
            0);
  EXPECT_NE(out.str().find("4 games"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("player 1 random: games 4"), std::string::npos) << out.str();
}

TEST(Arena, RecordsEachGame) {
  const std::string file = ::testing::TempDir() + "arena_record.txt";
  std::ostringstream out, err;
  ASSERT_EQ(cli::run_arena({"--variant", "chaturaji-dice", "--bot", "greedy", "--bot", "random", "--openings",
                            "1", "--record", file},
                           out, err),
            0)
      << err.str();
  std::ifstream in(file);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    EXPECT_NE(line.find(" | "), std::string::npos) << line;
    EXPECT_NE(line.find("dice:"), std::string::npos) << line;
  }
  EXPECT_EQ(lines, 2);
}

}  // namespace
