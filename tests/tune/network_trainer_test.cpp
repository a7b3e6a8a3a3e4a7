// The learned evaluation's trainer: it learns what the hand-made evaluation
// cannot tell apart, and keeps the network of the best held-back error.
#include "tune/network_trainer.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "chaturanga/fen.h"

namespace {

using namespace chaturanga;

Position shatranj(const char* fen) {
  const RuleSet* rules = find_uci_variant("shatranj", Options{});
  auto pos = parse_fen(*rules, fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return *pos;
}

// Two positions alike but for a horse on b1 or g1, which the hand-made
// evaluation scores alike by symmetry, with opposite labels; and each with
// either side to move, so the mover's view is learnt too.
std::vector<tune::TexelSample> horse_samples() {
  const char* b1[2] = {"4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 w - - 0 1",
                       "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3 b - - 0 1"};
  const char* g1[2] = {"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K1N1 w - - 0 1",
                       "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K1N1 b - - 0 1"};
  std::vector<tune::TexelSample> samples;
  for (int i = 0; i < 400; ++i) {
    samples.push_back({shatranj(b1[i % 2]), 0.8});
    samples.push_back({shatranj(g1[i % 2]), 0.2});
  }
  return samples;
}

TEST(NetworkTrainer, LearnsWhatTheHandMadeEvaluationCannotTellApart) {
  const auto samples = horse_samples();
  search::chaturanga::Network net;
  tune::NetworkTrainOptions options;
  options.epochs = 40;
  options.batch = 64;
  options.learning_rate = 0.01;
  std::ostringstream log;
  const double error = tune::train_network(samples, net, true, options, log);
  // Half the labels are 0.8 and half 0.2: one score for both errs by 0.09.
  EXPECT_LT(error, 0.01) << log.str();
  const double b1 = search::chaturanga::net_logit(net, samples[0].pos);
  const double g1 = search::chaturanga::net_logit(net, samples[1].pos);
  EXPECT_GT(b1, g1 + 1.0) << log.str();
}

TEST(NetworkTrainer, KeepsTheBestHeldBackNetwork) {
  // No epoch at all: the network comes back as it started, and its error is
  // the starting one.
  const auto samples = horse_samples();
  search::chaturanga::Network net;
  tune::NetworkTrainOptions options;
  options.epochs = 0;
  std::ostringstream log;
  const double error = tune::train_network(samples, net, true, options, log);
  EXPECT_GT(error, 0.05) << log.str();
  EXPECT_EQ(net.output_weights[0], 0.0f);
}

}  // namespace
