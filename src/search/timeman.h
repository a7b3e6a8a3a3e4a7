// Time management: how long to think on this move, given the clock.
#pragma once

#include <chrono>
#include <cstdint>

#include "search/limits.h"

namespace search {

using Clock = std::chrono::steady_clock;

class TimeManager {
 public:
  // `overhead_ms` is what the GUI and the pipes lose per move.
  void start(const Limits& limits, int seat, int ply, std::int64_t overhead_ms);

  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }
  // Soft bound: do not start another iteration after it (scaled by how
  // stable the best move is). Hard bound: stop the search at once.
  std::int64_t optimum_ms() const { return optimum_; }
  std::int64_t maximum_ms() const { return maximum_; }
  bool timed() const { return timed_; }

 private:
  Clock::time_point start_ = Clock::now();
  std::int64_t optimum_ = 0;
  std::int64_t maximum_ = 0;
  bool timed_ = false;
};

// What an iteration of the search tells the clock. `best_changes`: how often
// the best move changed, decayed over the depths; `score_drop`: how far the
// root score fell (centipawns; negative when it rose), against the side's
// previous move and against a few depths before; `best_effort`: the share of
// the depth's nodes spent under the best move.
struct IterationSignals {
  int depth = 0;
  int best_changes = 0;
  int score_drop = 0;
  double best_effort = 0.0;
};

// The factor on the optimum time after which no further iteration starts:
// more while the best move changes and while the score falls, less once one
// move takes nearly all of a deep iteration's nodes.
double optimum_scale(const IterationSignals& s);

// For the searches that stop at one hard bound (search/budget.h): a
// fortieth of the seat's clock plus three quarters of its increment, less
// 10 ms for the way out; 0 when the seat has no clock.
std::int64_t single_bound_ms(const Limits& limits, int seat);

}  // namespace search
