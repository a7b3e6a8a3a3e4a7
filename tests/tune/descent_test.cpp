// Coordinate descent: each pass moves a weight by its step, or, with the
// line search, on by that step for as long as the error keeps falling.
#include "tune/descent.h"

#include <gtest/gtest.h>

#include <span>
#include <sstream>
#include <vector>

namespace {

// A bowl whose bottom is at (37, -5); the third weight does nothing and stays.
double bowl(std::span<const int> w) {
  return double(w[0] - 37) * (w[0] - 37) + double(w[1] + 5) * (w[1] + 5);
}

std::vector<int> descend(bool line_search) {
  std::vector<int> w{0, 0, 0};
  tune::DescentOptions options;
  options.passes = 4;
  options.seconds = 60;
  options.line_search = line_search;
  std::ostringstream log;
  tune::coordinate_descent(w, {}, bowl, options, log);
  return w;
}

TEST(CoordinateDescent, StepsAloneGoNoFurtherThanTheirSum) {
  // Steps 8, 4, 2, 1: at most 15 from where a weight started.
  EXPECT_EQ(descend(false), (std::vector<int>{15, -5, 0}));
}

TEST(CoordinateDescent, TheLineSearchReachesTheBottom) {
  EXPECT_EQ(descend(true), (std::vector<int>{37, -5, 0}));
}

}  // namespace
