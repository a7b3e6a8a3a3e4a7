// What the Texel tuners share: fitting the logistic's scale and coordinate
// descent over integer weights.
#pragma once

#include <functional>
#include <iosfwd>
#include <span>
#include <vector>

namespace tune {

// The scale k > 0 that minimises error(k), to a hundredth or so, from k = 1.
double fit_scale(const std::function<double(double)>& error);

struct DescentOptions {
  int passes = 4;
  double seconds = 600;                // stop after this much time, keeping the best so far
  std::vector<int> steps{8, 4, 2, 1};  // the step of each pass; the last one repeats
  // Move a weight again in the same direction while that lowers the error;
  // otherwise a weight moves at most one step a pass.
  bool line_search = false;
};

// Coordinate descent: each weight not marked in `inert` is moved by +step,
// then -step, and kept where the error drops. A weight whose moves do not
// change the error at all becomes inert. `error` is called with the current
// weights. Returns the final error; `weights` hold the best found.
double coordinate_descent(std::span<int> weights, std::vector<bool> inert,
                          const std::function<double(std::span<const int>)>& error,
                          const DescentOptions& options, std::ostream& log);

}  // namespace tune
