// A network of random weights for the tests: normal, `spread` wide, the
// hidden biases lifted so that most units are live.
#pragma once

#include <memory>
#include <random>

#include "search/chaturanga/network.h"

namespace search::chaturanga {

inline std::unique_ptr<Network> random_network(unsigned seed, float spread = 0.2f) {
  auto net = std::make_unique<Network>();
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.0f, spread);
  for (auto& row : net->input_weights)
    for (float& x : row) x = d(rng);
  for (float& x : net->hidden_bias) x = d(rng) + 0.3f;
  for (float& x : net->output_weights) x = d(rng);
  net->output_bias = d(rng);
  return net;
}

}  // namespace search::chaturanga
