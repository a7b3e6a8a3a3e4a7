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
  // Games rarely last beyond 140 plies; expect more moves early on.
  const int moves_left = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : std::max(20, 45 - ply / 4);
  const std::int64_t usable = std::max<std::int64_t>(1, time - overhead_ms * std::min(moves_left, 10));
  optimum_ = usable / moves_left + inc * 3 / 4;
  maximum_ = std::min(usable / 4 + inc, optimum_ * 5);
  optimum_ = std::min(optimum_, std::max<std::int64_t>(1, time - overhead_ms) / 2);
  maximum_ = std::clamp<std::int64_t>(maximum_, 1, std::max<std::int64_t>(1, time - overhead_ms - 5));
  optimum_ = std::min(optimum_, maximum_);
}

std::int64_t single_bound_ms(const Limits& limits, int seat) {
  if (!limits.uses_clock(seat)) return 0;
  return std::max<std::int64_t>(
      1, std::min(limits.time_ms[seat], YEAR_MS) / 40 + std::min(limits.inc_ms[seat], YEAR_MS) * 3 / 4 - 10);
}

}  // namespace search
