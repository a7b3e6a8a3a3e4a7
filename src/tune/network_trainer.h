// Training the learned evaluation (search/chaturanga/network.h) on labelled
// positions: the mean squared error between the output's expected score and
// each label, by Adam over shuffled mini-batches, a share held back to judge
// each epoch; the network of the best held-back error is kept.
#pragma once

#include <iosfwd>
#include <vector>

#include "search/chaturanga/network.h"
#include "tune/chaturanga_texel.h"

namespace tune {

struct NetworkTrainOptions {
  int epochs = 30;
  int batch = 1024;
  double learning_rate = 0.001;
  double weight_decay = 0;  // per step, times the learning rate, on the input weights (AdamW's)
  double held_back = 0.05;  // share of the positions, the last ones, kept out of training to judge it
  double seconds = 3600;    // stop after this much time, keeping the best so far
  unsigned seed = 1;
};

// Trains `net` from its current weights (or from a random start when
// `fresh`); returns the best held-back error.
double train_network(const std::vector<TexelSample>& samples, search::chaturanga::Network& net, bool fresh,
                     const NetworkTrainOptions& options, std::ostream& log);

}  // namespace tune
