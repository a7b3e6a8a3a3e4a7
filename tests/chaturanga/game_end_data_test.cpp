// Games judged by Fairy-Stockfish and by us, replayed: tests/chaturanga/data/
// game-ends-<game>.txt, written by scripts/fsf_oracle.py game-ends (random
// games from endgames; current Fairy-Stockfish's xboard claims after every
// move). Each line: start ;moves ;Fairy-Stockfish's result ;our result and
// reason. Every position before the last is still being played for both.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chaturanga/game.h"

using namespace chaturanga;

namespace {

std::vector<std::string> split(const std::string& line, const std::string& separator) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  for (std::size_t at; (at = line.find(separator, begin)) != std::string::npos; begin = at + separator.size())
    parts.push_back(line.substr(begin, at - begin));
  parts.push_back(line.substr(begin));
  return parts;
}

class GameEndData : public testing::TestWithParam<const char*> {};

}  // namespace

TEST_P(GameEndData, OurJudgeAgreesWithFairyStockfish) {
  const RuleSet* rules = find_rules(GetParam());
  ASSERT_NE(rules, nullptr);
  std::ifstream in(std::string(UNIT_DATA) + "/game-ends-" + GetParam() + ".txt");
  ASSERT_TRUE(in) << "no data for " << GetParam();
  int games = 0;
  int ended = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto fields = split(line, " ;");
    ASSERT_EQ(fields.size(), 4u) << line;
    auto start = Game::from_fen(*rules, fields[0]);
    ASSERT_TRUE(start.ok()) << start.error();
    Game game = *start;
    std::istringstream moves(fields[1]);
    for (std::string m; moves >> m;) {
      ASSERT_FALSE(game.over()) << "over before " << m << " in " << line;
      ASSERT_TRUE(game.play_uci(m).ok()) << m << " in " << line;
    }
    const Outcome o = game.outcome();
    EXPECT_EQ(std::string(result_text(o.result)), fields[2]) << line;
    const std::string reason = o.reason == Reason::None ? "None" : std::string(reason_text(o.reason));
    EXPECT_EQ(std::string(result_text(o.result)) + " " + reason, fields[3]) << line;
    ++games;
    ended += o.over();
  }
  EXPECT_GE(games, 20);
  EXPECT_GE(ended, games / 2);
}

INSTANTIATE_TEST_SUITE_P(Family, GameEndData,
                         testing::Values("shatranj", "makruk", "cambodian", "sittuyin",
                                         "chaturanga-chesscom"),
                         [](const testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });
