#include "search/timeman.h"

#include <algorithm>

namespace search {

void TimeManager::start(const Limits& limits, int seat, int ply, std::int64_t overhead_ms) {
  start_ = Clock::now();
  timed_ = false;
  if (limits.movetime_ms > 0) {
    timed_ = true;
    optimum_ = maximum_ = std::max<std::int64_t>(1, limits.movetime_ms - overhead_ms);
    return;
  }
  if (!limits.uses_clock(seat)) return;
  timed_ = true;
  const std::int64_t time = std::min(limits.time_ms[seat], YEAR_MS);
  const std::int64_t inc = std::min(limits.inc_ms[seat], YEAR_MS);
  // The opening and early middle game decide most games (against
  // Fairy-Stockfish half our losses were decided by ply 36): spend more there, as if
  // 26 moves were left at the start, falling to 16 by ply 60, and play the
  // long endings mostly on the increment.
  const int moves_left = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : std::max(16, 26 - ply / 6);
  const std::int64_t usable = std::max<std::int64_t>(1, time - overhead_ms * std::min(moves_left, 10));
  optimum_ = usable / moves_left + inc * 3 / 4;
  maximum_ = std::min(usable / 4 + inc, optimum_ * 5);
  optimum_ = std::min(optimum_, std::max<std::int64_t>(1, time - overhead_ms) / 2);
  maximum_ = std::clamp<std::int64_t>(maximum_, 1, std::max<std::int64_t>(1, time - overhead_ms - 5));
  optimum_ = std::min(optimum_, maximum_);
}

double optimum_scale(const IterationSignals& s) {
  const double instability = std::clamp(0.6 + 0.35 * s.best_changes, 0.6, 2.0);
  const double falling = std::clamp(1.0 + s.score_drop / 150.0, 0.7, 1.6);
  const double effort = s.depth >= 8 && s.best_effort >= 0.9 ? 0.65 : 1.0;
  return instability * falling * effort;
}

std::int64_t single_bound_ms(const Limits& limits, int seat) {
  if (!limits.uses_clock(seat)) return 0;
  return std::max<std::int64_t>(
      1, std::min(limits.time_ms[seat], YEAR_MS) / 40 + std::min(limits.inc_ms[seat], YEAR_MS) * 3 / 4 - 10);
}

}  // namespace search
