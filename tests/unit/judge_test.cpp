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
