#include "cli/judge.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

using nlohmann::json;

namespace {
json judge(const std::string& line) { return json::parse(cli::judge_line(line)); }
}  // namespace

TEST(Judge, StartPositionAnswer) {
  const json a = judge(R"({"variant": "chaturanga", "moves": []})");
  EXPECT_EQ(a["fen"], "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  EXPECT_EQ(a["turn"], "w");
  EXPECT_EQ(a["legal"].size(), 16u);
  EXPECT_EQ(a["result"], "*");
  EXPECT_TRUE(a["reason"].is_null());
}

TEST(Judge, FinishedGameHasNoLegalMoves) {
  const json a = judge(R"({"fen": "8/8/5p2/4k3/3K4/8/8/5R2 w - - 0 1", "moves": ["f1f6", "e5f6"]})");
  EXPECT_EQ(a["result"], "1/2-1/2");
  EXPECT_EQ(a["reason"], "two-bare-kings");
  EXPECT_TRUE(a["legal"].empty());
  EXPECT_EQ(a["turn"], "w");
}

TEST(Judge, ErrorsNameTheProblem) {
  EXPECT_NE(judge(R"({"moves": ["e2e4"]})")["error"].get<std::string>().find("moves[0]"), std::string::npos);
  EXPECT_NE(judge(R"({"fen": "bad"})")["error"].get<std::string>().find("bad FEN"), std::string::npos);
  EXPECT_NE(judge("{not json")["error"].get<std::string>().find("not JSON"), std::string::npos);
  EXPECT_NE(judge(R"({"variant": "xiangqi"})")["error"].get<std::string>().find("unknown variant"),
            std::string::npos);
  EXPECT_TRUE(judge(R"({"moves": "e2e3"})").contains("error"));
  EXPECT_TRUE(judge(R"([1, 2])").contains("error"));
  EXPECT_TRUE(judge("").contains("error"));
}

TEST(Judge, InvalidUtf8InAnInputIsReportedNotFatal) {
  // Found by fuzz.judge: the parser's message quoted bytes that are not UTF-8.
  const std::string line = "{\"fen\": \"8/8/5pf1f63/2K4/8/8/5R2\xea\x88\xdf\xd2 1\", \"moves\": []}";
  const json a = judge(line);
  EXPECT_NE(a["error"].get<std::string>().find("not JSON"), std::string::npos);
}

TEST(Judge, NumberOverflowIsNotJson) {
  // Found by fuzz.judge: nlohmann reports this as out_of_range, not parse_error.
  EXPECT_NE(judge("-992e392")["error"].get<std::string>().find("not JSON"), std::string::npos);
}

TEST(Judge, OneAnswerPerLineAndErrorsDoNotStopTheStream) {
  std::istringstream in("{\"moves\": [\"e2e3\"]}\n{broken\n\n{\"moves\": [\"e2e3\", \"e7e6\"]}\n");
  std::ostringstream out;
  EXPECT_EQ(cli::run_judge(in, out), 0);
  std::istringstream lines(out.str());
  std::string line;
  std::vector<json> answers;
  while (std::getline(lines, line)) answers.push_back(json::parse(line));
  ASSERT_EQ(answers.size(), 4u);
  EXPECT_EQ(answers[0]["turn"], "b");
  EXPECT_TRUE(answers[1].contains("error"));
  EXPECT_TRUE(answers[2].contains("error"));
  EXPECT_EQ(answers[3]["turn"], "w");
}

TEST(Judge, FamilyGamesByVariantName) {
  const json shatranj = judge(R"({"variant": "shatranj"})");
  EXPECT_EQ(shatranj["fen"], "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1");
  EXPECT_EQ(shatranj["legal"].size(), 16u);
  const json sittuyin = judge(R"({"variant": "sittuyin", "moves": ["R@a1"]})");
  EXPECT_EQ(sittuyin["fen"], "8/8/4pppp/pppp4/4PPPP/PPPP4/8/R7[KSSFRNNkssfrrnn] b - - 0 1");
  EXPECT_EQ(sittuyin["legal"][0].get<std::string>().substr(1, 1), "@");
  const json makruk =
      judge(R"({"variant": "makruk", "fen": "k7/2K5/8/8/8/8/8/1R6 w - - 0 1", "moves": ["b1a1"]})");
  EXPECT_EQ(makruk["result"], "1-0");
  EXPECT_EQ(makruk["reason"], "checkmate");
}

TEST(Judge, RulesChooseChaturangasOptions) {
  const json facing = judge(R"({"rules": {"kings": "facing", "goal": "checkmate"}})");
  EXPECT_EQ(facing["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  const json silver = judge(R"({"variant": "chaturanga", "rules": {"elephant": "silver"}})");
  EXPECT_EQ(silver["legal"].size(), 12u);
  const json preset = judge(R"({"rules": "chesscom", "fen": "k7/8/K7/8/8/8/8/1R6 b - - 0 1"})");
  EXPECT_EQ(preset["result"], "1-0");
  EXPECT_EQ(preset["reason"], "no-move");
  const json named = judge(R"({"variant": "chaturanga-chesscom", "fen": "k7/8/K7/8/8/8/8/1R6 b - - 0 1"})");
  EXPECT_EQ(named["result"], "1-0");
  // The seed plays on: the bare king has its reply, and may step into attack.
  EXPECT_EQ(judge(R"({"fen": "k7/8/K7/8/8/8/8/1R6 b - - 0 1"})")["result"], "*");
  const json changed = judge(
      R"({"variant": "chaturanga-chesscom", "rules": {"no-move": "wins"}, "fen": "k7/8/K7/8/8/8/8/1R6 b - - 0 1"})");
  EXPECT_EQ(changed["result"], "0-1");
}

TEST(Judge, BadRulesNameTheProblem) {
  EXPECT_NE(judge(R"({"rules": {"elephant": "tiger"}})")["error"].get<std::string>().find("'tiger'"),
            std::string::npos);
  EXPECT_NE(judge(R"({"rules": {"colour": "red"}})")["error"].get<std::string>().find("'colour'"),
            std::string::npos);
  EXPECT_NE(judge(R"({"variant": "makruk", "rules": "chesscom"})")["error"].get<std::string>().find("makruk"),
            std::string::npos);
  EXPECT_NE(judge(R"({"rules": {"goal": 1}})")["error"].get<std::string>().find("rules.goal"),
            std::string::npos);
  EXPECT_TRUE(judge(R"({"rules": [1]})").contains("error"));
  EXPECT_NE(judge(R"({"variant": "makruk", "moves": ["e3e4q"]})")["error"].get<std::string>().find("'m'"),
            std::string::npos);
}
