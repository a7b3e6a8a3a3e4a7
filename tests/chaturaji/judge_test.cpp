// The judge answer for the four-handed variants (docs: `chaturanga judge`).
#include "chaturaji/judge.h"

#include <gtest/gtest.h>

#include "data_util.h"

namespace chaturaji {
namespace {

using nlohmann::json;

TEST(Judge, PointsStart) {
  const json a = judge(json{{"variant", "chaturaji-points"}, {"moves", {"d2d3", "b5c5"}}});
  EXPECT_EQ(a["turn"], "yellow");
  EXPECT_EQ(a["result"], "*");
  EXPECT_TRUE(a["reason"].is_null());
  EXPECT_EQ(a["scores"], (json{{"red", 0}, {"blue", 0}, {"yellow", 0}, {"green", 0}}));
  EXPECT_TRUE(a["out"].empty());
  EXPECT_EQ(a["legal"].size(), 8u);
}

TEST(Judge, ErrorsNameTheProblem) {
  EXPECT_NE(
      judge(json{{"variant", "chaturaji-points"}, {"moves", {"d2d4"}}})["error"].get<std::string>().find(
          "moves[0]"),
      std::string::npos);
  EXPECT_TRUE(judge(json{{"variant", "chaturaji-teams"}, {"fen", "nonsense"}}).contains("error"));
  EXPECT_TRUE(judge(json{{"variant", "chaturaji-x"}}).contains("error"));
  EXPECT_TRUE(judge(json{{"variant", "chaturaji-teams"}, {"pgn4", "1. f5-f6"}}).contains("error"));
}

TEST(Judge, Pgn4ReplayGivesFinalScores) {
  const json a =
      judge(json{{"variant", "chaturaji-points"}, {"pgn4", test::read_file("points-sample-game.pgn4")}});
  ASSERT_FALSE(a.contains("error")) << a.dump();
  EXPECT_EQ(a["scores"], (json{{"red", 16}, {"blue", 7}, {"yellow", 18}, {"green", 12}}));
  EXPECT_EQ(a["result"], "yellow");
  EXPECT_EQ(a["reason"], "last-player");
  EXPECT_EQ(a["out"], (json{"blue", "yellow", "green"}));
  EXPECT_TRUE(a["legal"].empty());
  ASSERT_EQ(a["warnings"].size(), 1u);
}

TEST(Judge, TeamsAndDice) {
  const json t = judge(json{{"variant", "chaturaji-teams"}, {"moves", {"h7h6"}}});
  EXPECT_EQ(t["turn"], "green");
  const json d =
      judge(json{{"variant", "chaturaji-dice"}, {"moves", {"dice:33", "g8f6", "f6g4"}}, {"seed", 5}});
  ASSERT_FALSE(d.contains("error")) << d.dump();
  EXPECT_EQ(d["turn"], "green");
  EXPECT_EQ(d["dice"].size(), 2u);
  EXPECT_TRUE(d["legal"].back() == "pass");
}

}  // namespace
}  // namespace chaturaji
