// EvalFile: a learned evaluation for the current game of the family.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "search/chaturanga/builtin_networks.h"
#include "search/chaturanga/network.h"
#include "support/uci_talk.h"
#include "uci/uci.h"

namespace {

using testing_support::talk;

// The score of the last "info depth 1" line.
int depth_one_score(const std::string& out) {
  const std::regex line("info depth 1 .*score cp (-?[0-9]+)");
  int score = 0;
  bool found = false;
  for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator(); ++it) {
    score = std::stoi((*it)[1]);
    found = true;
  }
  EXPECT_TRUE(found) << out;
  return score;
}

TEST(Uci, EvalFileIsOffered) {
  EXPECT_NE(talk("uci\n").find("option name EvalFile type string default <empty>"), std::string::npos);
}

TEST(Uci, EvalFileCorrectsTheEvaluationAndGoesBack) {
  // A network that adds one logit (1 / base_scale centipawns) for the side
  // to move everywhere: a search one ply deep sees it at each leaf, from
  // the other side's view. Chaturanga's built-in network is for the seed's
  // rules: in chess.com's reading the file's corrects the hand-made score
  // alone.
  search::chaturanga::Network net;
  net.output_bias = 1.0f;
  const std::string path = (std::filesystem::temp_directory_path() / "uci_eval_file_test.net").string();
  ASSERT_TRUE(search::chaturanga::write_network(net, path));
  const std::string setup =
      "setoption name UCI_Variant value chaturanga-chesscom\nposition startpos moves e2e3\n";
  const int hand = depth_one_score(talk(setup + "go depth 1\n"));
  // A setter ends a running search, so each search has a session of its own;
  // the network stays with the game's rules from one session to the next.
  const std::string with = talk(setup + "setoption name EvalFile value " + path + "\ngo depth 1\n");
  EXPECT_EQ(with.find("error"), std::string::npos) << with;
  EXPECT_NEAR(depth_one_score(with), hand - 1.0 / net.base_scale, 1.0);
  const std::string back = talk(setup + "setoption name EvalFile value <empty>\ngo depth 1\n");
  EXPECT_EQ(depth_one_score(back), hand);
  std::filesystem::remove(path);
}

TEST(Uci, AnEvalFileThatCannotBeReadIsNamedAndChangesNothing) {
  const std::string out = talk(
      "setoption name UCI_Variant value makruk\nsetoption name EvalFile value /nonexistent/x.net\n"
      "setoption name UCI_Variant value chaturaji-teams\nsetoption name EvalFile value /tmp/x.net\n");
  EXPECT_NE(out.find("info string error: cannot read the network '/nonexistent/x.net'"), std::string::npos)
      << out;
  EXPECT_NE(out.find("info string error: option 'EvalFile' is for the two-player games"), std::string::npos)
      << out;
  // Makruk keeps the network it had: its built-in one.
  EXPECT_EQ(search::chaturanga::network_for(chaturanga::Variant::Makruk),
            search::chaturanga::builtin_network(chaturanga::Variant::Makruk));
}

TEST(Uci, UseNetworkTurnsMakruksNetworkOffAndOn) {
  EXPECT_NE(talk("uci\n").find("option name Use Network type check default true"), std::string::npos);
  const std::string setup = "setoption name UCI_Variant value makruk\nposition startpos moves e3e4\n";
  const int with = depth_one_score(talk(setup + "go depth 1\n"));
  const int hand = depth_one_score(talk(setup + "setoption name Use Network value false\ngo depth 1\n"));
  const int again = depth_one_score(talk(setup + "setoption name Use Network value true\ngo depth 1\n"));
  EXPECT_NE(with, hand);
  EXPECT_EQ(with, again);
  const std::string bad = talk(
      "setoption name Use Network value maybe\n"
      "setoption name UCI_Variant value chaturaji-teams\n"
      "setoption name Use Network value false\n");
  EXPECT_NE(bad.find("info string error: option 'Use Network' needs true or false"), std::string::npos)
      << bad;
  EXPECT_NE(bad.find("info string error: option 'Use Network' is for the two-player games"),
            std::string::npos)
      << bad;
  EXPECT_NE(search::chaturanga::network_for(chaturanga::Variant::Makruk), nullptr);
}

}  // namespace
