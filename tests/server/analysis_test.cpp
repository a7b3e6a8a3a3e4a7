// The analysis board's server side: positions from a start and moves (a bad
// move named by its number), the options of an analysis and their bounds,
// MultiPV lines, a depth-limited analysis that repeats exactly, and the move
// values of a `points` review.
#include "server/analysis.h"

#include <gtest/gtest.h>

#include <set>

#include "chaturaji/fen.h"
#include "core/bitboard.h"
#include "server/review.h"

namespace server {
namespace {

using nlohmann::json;

class AnalysisTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }
};

TEST_F(AnalysisTest, APositionIsItsStartAndMoves) {
  const ApiResult r = position_reply(json{{"moves", {"e2e3", "e7e6"}}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["san"], json({"e3", "e6"}));
  EXPECT_EQ(r.body["turn"], "white");
  EXPECT_EQ(r.body["result"], "*");
  EXPECT_EQ(r.body["ply"], 2);
  EXPECT_FALSE(r.body["legal"].empty());
}

TEST_F(AnalysisTest, AnIllegalMoveIsNamedByItsNumber) {
  const ApiResult r = position_reply(json{{"moves", {"e2e3", "e2e4"}}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"].get<std::string>().find("move 2 (e2e4)"), std::string::npos) << r.body.dump();
  EXPECT_EQ(position_reply(json{{"variant", "chess"}}).status, 400);
  EXPECT_EQ(position_reply(json{{"moves", "e2e3"}}).status, 400);
}

TEST_F(AnalysisTest, ASetupIsHeldToWhatAGameCouldReach) {
  const auto setup = [](const char* fen) { return position_reply(json{{"fen", fen}, {"setup", true}}); };
  const auto error = [&](const char* fen) { return setup(fen).body.value("error", std::string()); };
  EXPECT_EQ(setup("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").status, 200);
  EXPECT_EQ(setup("8/8/8/8/8/8/8/8 w - - 0 1").status, 400);
  EXPECT_NE(error("8/8/8/8/8/8/8/8 w - - 0 1").find("White has 0 kings"), std::string::npos);
  EXPECT_NE(error("8/8/8/8/8/8/8/3K4 w - - 0 1").find("Black has 0 kings"), std::string::npos);
  // The FEN reader itself refuses a second king and soldiers on the edge ranks.
  EXPECT_NE(error("3k4/8/8/8/8/8/8/3KK3 w - - 0 1").find("two white kings"), std::string::npos);
  EXPECT_NE(error("3k4/8/8/8/8/8/8/P2K4 w - - 0 1").find("first or last rank"), std::string::npos);
  // Without "setup" the reader's looser rule holds, as for perft.
  EXPECT_EQ(position_reply(json{{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}).status, 200);
}

TEST_F(AnalysisTest, AFinishedPositionSaysHowItEnded) {
  const ApiResult r =
      position_reply(json{{"fen", "4k3/pppp4/8/8/8/8/4R3/4K3 w - - 0 1"}, {"moves", {"e2e8"}}});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["result"], "1-0");
  EXPECT_EQ(r.body["reason"], "king-captured");
  EXPECT_TRUE(r.body["legal"].empty());
  EXPECT_TRUE(r.body["turn"].is_null());
}

TEST_F(AnalysisTest, OptionsAreCheckedAgainstTheirBounds) {
  const auto ok = analysis_request(json{{"multipv", 3}, {"depth", 6}}, std::chrono::milliseconds(500));
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->limits.multipv, 3);
  EXPECT_EQ(ok->limits.depth, 6);
  EXPECT_EQ(ok->limits.budget, std::chrono::milliseconds(500));
  for (const json& bad :
       {json{{"multipv", 0}}, json{{"multipv", MAX_MULTIPV + 1}}, json{{"multipv", "2"}}, json{{"depth", 0}},
        json{{"depth", MAX_ANALYSIS_DEPTH + 1}}, json{{"depth", 2.5}}}) {
    const auto r = analysis_request(bad, std::chrono::milliseconds(500));
    ASSERT_FALSE(r) << bad.dump();
    EXPECT_NE(r.error().find(bad.begin().key()), std::string::npos) << r.error();
  }
}

TEST_F(AnalysisTest, MultiPvGivesDistinctLinesBestFirst) {
  const auto request = analysis_request(json{{"multipv", 3}, {"depth", 6}}, std::chrono::milliseconds(5000));
  ASSERT_TRUE(request);
  const json out = run_analysis(*request);
  ASSERT_EQ(out["lines"].size(), 3u) << out.dump();
  std::set<std::string> first_moves;
  for (std::size_t i = 0; i < 3; ++i) {
    first_moves.insert(out["lines"][i]["pv"][0].get<std::string>());
    EXPECT_EQ(out["lines"][i]["pv"].size(), out["lines"][i]["pv_san"].size());
    if (i > 0) EXPECT_LE(out["lines"][i]["score_cp"].get<int>(), out["lines"][i - 1]["score_cp"].get<int>());
  }
  EXPECT_EQ(first_moves.size(), 3u);
  EXPECT_EQ(out["pv"], out["lines"][0]["pv"]);
  EXPECT_EQ(out["depth"], 6);
}

TEST_F(AnalysisTest, ADepthLimitedAnalysisRepeatsExactly) {
  const json body{{"moves", {"e2e3", "d7d6", "g1f3"}}, {"depth", 7}, {"multipv", 2}};
  const auto a = analysis_request(body, std::chrono::milliseconds(10000));
  const auto b = analysis_request(body, std::chrono::milliseconds(10000));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(run_analysis(*a), run_analysis(*b));
}

TEST_F(AnalysisTest, AFinishedPositionIsNotSearched) {
  const auto r = analysis_request(json{{"fen", "4k3/pppp4/8/8/8/8/4R3/4K3 w - - 0 1"}, {"moves", {"e2e8"}}},
                                  std::chrono::milliseconds(100));
  ASSERT_TRUE(r);
  const json out = run_analysis(*r);
  EXPECT_EQ(out["over"], true);
  EXPECT_EQ(out["result"], "1-0");
}

TEST_F(AnalysisTest, PointsMoveValuesPreferTakingAFreePieceAndPunishHangingOne) {
  // Red's horse on d4 can take blue's undefended bishop on e6, 5 points; no
  // other move wins anything.
  const auto pos =
      chaturaji::parse_fen(chaturaji::Variant::Points, "yK7/8/4bB3/8/3rN4/8/8/bK3rK2gK r - 0,0,0,0 0");
  ASSERT_TRUE(pos) << pos.error();
  const json values = points_move_values(*pos);
  ASSERT_TRUE(values.contains("d4e6")) << values.dump();
  for (const auto& [move, value] : values.items())
    if (move != "d4e6") EXPECT_GT(values["d4e6"].get<double>(), value.get<double>() + 3) << move;
  EXPECT_TRUE(points_move_values(chaturaji::Position::start(chaturaji::Variant::Teams)).empty());
}

}  // namespace
}  // namespace server
