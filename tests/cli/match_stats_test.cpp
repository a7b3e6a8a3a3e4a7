#include "cli/match_stats.h"

#include <gtest/gtest.h>

#include "cli/match_options.h"

namespace {

TEST(MatchStats, EvenScoreIsZeroElo) {
  const cli::Tally t{10, 20, 10};
  const auto e = cli::estimate_elo(t);
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_GT(e.error, 0);
  EXPECT_NEAR(e.los, 0.5, 1e-9);
}

TEST(MatchStats, SeventyFivePercentIsAbout191Elo) {
  const cli::Tally t{50, 0, 0 + 50 / 3};
  const cli::Tally q{75, 0, 25};
  EXPECT_NEAR(cli::estimate_elo(q).elo, 190.85, 0.1);
  EXPECT_GT(cli::estimate_elo(t).los, 0.99);
}

TEST(MatchStats, SprtAcceptsAClearlyBetterEngine) {
  const cli::Tally t{300, 100, 100};
  EXPECT_EQ(cli::sprt(t, {0, 10, 0.05, 0.05}).state, cli::SprtState::AcceptH1);
  const cli::Tally worse{100, 100, 300};
  EXPECT_EQ(cli::sprt(worse, {0, 10, 0.05, 0.05}).state, cli::SprtState::AcceptH0);
}

TEST(MatchOptions, NeedsTwoEnginesAndALimit) {
  EXPECT_FALSE(cli::parse_match_options({"--engine", "cmd=a"}).ok());
  EXPECT_FALSE(cli::parse_match_options({"--engine", "cmd=a", "--engine", "cmd=b"}).ok());
  EXPECT_FALSE(cli::parse_match_options({"--engine", "cmd=a", "--engine", "cmd=b", "--tc", "x+1"}).ok());
  const auto o = cli::parse_match_options({"--engine", "name=A", "cmd=a uci", "option.Hash=8", "--engine",
                                           "cmd=b", "--tc", "10+0.1", "--games", "4"});
  ASSERT_TRUE(o.ok()) << o.error();
  EXPECT_EQ(o->base_ms, 10000);
  EXPECT_EQ(o->inc_ms, 100);
  EXPECT_EQ(o->engines[0].options.size(), 1u);
  EXPECT_EQ(o->games, 4);
}

TEST(MatchOptions, EachEngineMayHaveItsOwnNodeLimit) {
  const auto o =
      cli::parse_match_options({"--engine", "cmd=a", "nodes=30000", "--engine", "cmd=b", "nodes=10000"});
  ASSERT_TRUE(o.ok()) << o.error();
  EXPECT_EQ(o->engines[0].nodes, 30000u);
  EXPECT_EQ(o->engines[1].nodes, 10000u);
  // One engine's limit is not a limit for the other.
  EXPECT_FALSE(cli::parse_match_options({"--engine", "cmd=a", "nodes=30000", "--engine", "cmd=b"}).ok());
  const auto bad =
      cli::parse_match_options({"--engine", "cmd=a", "nodes=many", "--engine", "cmd=b", "--nodes", "5"});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("nodes= takes a positive number, got 'many'"), std::string::npos) << bad.error();
}

TEST(MatchOptions, AVariantChoosesTheRefereesRules) {
  const auto o = cli::parse_match_options(
      {"--variant", "makruk", "--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "100"});
  ASSERT_TRUE(o.ok()) << o.error();
  EXPECT_EQ(o->rules, chaturanga::find_rules("makruk"));
  EXPECT_FALSE(cli::parse_match_options(
                   {"--variant", "xiangqi", "--engine", "cmd=a", "--engine", "cmd=b", "--nodes", "1"})
                   .ok());
}

}  // namespace
