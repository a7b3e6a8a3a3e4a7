#include "search/chaturanga/network.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "search/chaturanga/builtin_networks.h"
#include "search/chaturanga/eval.h"
#include "support/random_network.h"

namespace {

using namespace chaturanga;
using namespace search::chaturanga;

Position position(const char* fen, const char* variant = "shatranj") {
  const RuleSet* rules = find_uci_variant(variant, Options{});
  EXPECT_NE(rules, nullptr);
  auto pos = parse_fen(*rules, fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return *pos;
}

std::string temp_path(const char* name) { return (std::filesystem::temp_directory_path() / name).string(); }

TEST(Network, ItSeesBothSidesAlike) {
  // The same position with the colours and the board's ranks exchanged,
  // the other side to move: the mover's score is the same.
  const auto net = random_network(7);
  const Position a = position("rnbkqbnr/8/pppppppp/8/3P4/8/PPP1PPPP/RNBKQBNR b - - 0 1");
  const Position b = position("rnbkqbnr/ppp1pppp/8/3p4/8/PPPPPPPP/8/RNBKQBNR w - - 0 1");
  EXPECT_FLOAT_EQ(net_logit(*net, a), net_logit(*net, b));
  // And not the same as the first position with the other side to move.
  const Position c = position("rnbkqbnr/8/pppppppp/8/3P4/8/PPP1PPPP/RNBKQBNR w - - 0 1");
  EXPECT_NE(net_logit(*net, a), net_logit(*net, c));
}

TEST(Network, AFileReadsBackAsWritten) {
  const auto net = random_network(3);
  const std::string path = temp_path("chaturanga_network_test.net");
  ASSERT_TRUE(write_network(*net, path));
  auto read = read_network(path);
  ASSERT_TRUE(read.ok()) << read.error();
  const Position p = position("rnbkqbnr/8/pppppppp/8/3P4/8/PPP1PPPP/RNBKQBNR b - - 0 1");
  EXPECT_EQ(net_logit(*net, p), net_logit(**read, p));
  std::filesystem::remove(path);
}

TEST(Network, ABadFileIsNamed) {
  const std::string path = temp_path("chaturanga_network_bad.net");
  {
    std::ofstream out(path, std::ios::binary);
    out << "not a network";
  }
  auto read = read_network(path);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().find("not a network file"), std::string::npos) << read.error();

  // A true header with the weights cut short.
  const auto net = random_network(5);
  ASSERT_TRUE(write_network(*net, path));
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 4);
  read = read_network(path);
  ASSERT_FALSE(read.ok());
  EXPECT_NE(read.error().find("ends early"), std::string::npos) << read.error();
  std::filesystem::remove(path);
  EXPECT_FALSE(read_network(path).ok());
}

TEST(Network, AFileWhoseSumsWouldOverflowIsRefused) {
  // The hidden sums are 32-bit fixed point: a weight beyond their range,
  // or not a number, is named, not summed into garbage.
  const std::string path = temp_path("chaturanga_network_too_big.net");
  for (const float bad : {300.0f, -300.0f, std::numeric_limits<float>::quiet_NaN()}) {
    auto net = random_network(5);
    net->input_weights[100][3] = bad;
    ASSERT_TRUE(write_network(*net, path));
    const auto read = read_network(path);
    ASSERT_FALSE(read.ok()) << bad;
    EXPECT_NE(read.error().find("beyond"), std::string::npos) << read.error();
  }
  // At the edge of the range, read.
  auto net = random_network(5);
  net->hidden_bias[0] = 256.0f;
  ASSERT_TRUE(write_network(*net, path));
  EXPECT_TRUE(read_network(path).ok());
  std::filesystem::remove(path);
}

// `fen` in `game` is evaluated by the game's built-in network, and by hand
// alone while networks are turned off.
void expect_evaluated_by_builtin_network(Variant variant, const char* fen, const char* game) {
  const Network* net = builtin_network(variant);
  ASSERT_NE(net, nullptr) << game;
  const Position p = position(fen, game);
  const int hand = hand_made_evaluate(p);
  EXPECT_EQ(evaluate(p), net_evaluate(*net, p, hand)) << game;
  EXPECT_NE(evaluate(p), hand) << game;
  set_networks_enabled(false);
  EXPECT_EQ(evaluate(p), hand) << game;
  set_networks_enabled(true);
}

TEST(Network, EachGameEvaluatesWithItsBuiltInNetwork) {
  expect_evaluated_by_builtin_network(Variant::Makruk,
                                      "rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1", "makruk");
  expect_evaluated_by_builtin_network(Variant::Shatranj,
                                      "rnbkqbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBKQBNR b - - 0 1", "shatranj");
  expect_evaluated_by_builtin_network(
      Variant::Cambodian, "rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b DEde - 0 1", "cambodian");
  // Sittuyin once the set-up is over, both hands empty.
  expect_evaluated_by_builtin_network(
      Variant::Sittuyin, "r1s1ksr1/2n1fn2/4pppp/pppp4/4PPPP/PPPP4/2NFN3/1RSK1SR1[] w - - 0 1", "sittuyin");
  // Chaturanga's network was trained on the seed's rules alone.
  const char* seed = "rnbkqbnr/8/pppppppp/8/3P4/8/PPP1PPPP/RNBKQBNR b - - 0 1";
  expect_evaluated_by_builtin_network(Variant::Chaturanga, seed, "chaturanga");
}

TEST(Network, ChaturangasOtherReadingsAreEvaluatedByHand) {
  // Chess.com's reading, and one option changed: the built-in network
  // learned the seed's rules only.
  const char* fen = "rnbkqbnr/8/pppppppp/8/3P4/8/PPP1PPPP/RNBKQBNR b - - 0 1";
  for (const Options& options : {CHESSCOM, Options{Elephant::Dabbaba}}) {
    const RuleSet* rules = find_uci_variant("chaturanga", options);
    ASSERT_NE(rules, nullptr);
    const Position p = *parse_fen(*rules, fen);
    EXPECT_EQ(evaluate(p), hand_made_evaluate(p)) << int(options.elephant);
  }
  // A file's network is the one they play with.
  std::shared_ptr<const Network> net = random_network(13);
  set_network(Variant::Chaturanga, net);
  const Position p = *parse_fen(*find_uci_variant("chaturanga", CHESSCOM), fen);
  EXPECT_EQ(evaluate(p), net_evaluate(*net, p, hand_made_evaluate(p)));
  set_network(Variant::Chaturanga, nullptr);
  EXPECT_EQ(evaluate(p), hand_made_evaluate(p));
}

TEST(Network, SittuyinsSetUpIsEvaluatedByHand) {
  // The network knows no pieces in hand: while either side still has some
  // to place, the hand-made evaluation alone scores the position.
  ASSERT_NE(builtin_network(Variant::Sittuyin), nullptr);
  for (const char* fen : {"8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
                          "r1s1ks2/2n1fn2/4pppp/pppp4/4PPPP/PPPP4/2NFN3/1RSK1S2[Rr] w - - 0 1"}) {
    const Position p = position(fen, "sittuyin");
    EXPECT_EQ(evaluate(p), hand_made_evaluate(p)) << fen;
  }
}

TEST(Network, EveryGameHasItsOwnBuiltInNetwork) {
  const std::vector<Variant> with = {Variant::Chaturanga, Variant::Makruk, Variant::Shatranj,
                                     Variant::Sittuyin};
  for (const Variant v : with) {
    ASSERT_NE(builtin_network(v), nullptr) << int(v);
    EXPECT_GT(builtin_network(v)->base_scale, 0.0f);
    EXPECT_EQ(network_for(v), builtin_network(v));
  }
  // Each its own: trained on its own game's self-play.
  for (std::size_t i = 0; i < with.size(); ++i)
    for (std::size_t j = i + 1; j < with.size(); ++j)
      EXPECT_NE(builtin_network(with[i])->input_weights, builtin_network(with[j])->input_weights)
          << int(with[i]) << ' ' << int(with[j]);
  // Cambodian plays with Makruk's, as a network of its own (a file given to
  // one game leaves the other's alone).
  ASSERT_NE(builtin_network(Variant::Cambodian), nullptr);
  EXPECT_NE(builtin_network(Variant::Cambodian), builtin_network(Variant::Makruk));
  EXPECT_EQ(builtin_network(Variant::Cambodian)->input_weights,
            builtin_network(Variant::Makruk)->input_weights);
  EXPECT_EQ(builtin_network(Variant::Cambodian)->output_weights,
            builtin_network(Variant::Makruk)->output_weights);
}

TEST(Network, AFileReplacesTheBuiltInNetworkUntilCleared) {
  std::shared_ptr<const Network> net = random_network(11);
  const Network* mine = net.get();
  set_network(Variant::Makruk, net);
  EXPECT_EQ(network_for(Variant::Makruk), mine);
  set_network(Variant::Makruk, nullptr);
  EXPECT_EQ(network_for(Variant::Makruk), builtin_network(Variant::Makruk));
}

}  // namespace
