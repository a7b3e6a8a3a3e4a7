// The search's tunable constants: its pruning margins, its reductions and
// its aspiration window. The defaults are an SPSA run's (docs/engine.md,
// "The search's constants"). `chaturanga uci --tune` offers each as a spin
// option under its name, for scripts/spsa.py; nothing else changes them, so
// a normal engine always searches with the defaults.
#pragma once

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

namespace search::chaturanga {

struct SearchParams {
  int lmr_base = 52;       // the reduction table is int(base/100 + ln d ln m / (div/100))
  int lmr_div = 218;       // (the table's divisor, × 100)
  int rfp_margin = 99;     // reverse futility: eval − margin × depth ≥ beta cuts
  int nmp_eval_div = 183;  // the null move's reduction grows by one per this much over beta
  int fut_base = 129;      // futility of late quiet moves: eval + base + mul × depth ≤ alpha
  int fut_mul = 116;       // (futility's slope a ply)
  int see_quiet = 30;      // a quiet move losing more than this × depth² is not tried
  int see_capture = 98;    // a capture losing more than this × depth is not tried
  int hist_div = 6661;     // a quiet move's reduction falls by one per this much history
  int q_delta = 286;       // quiescence: a capture that cannot lift the score this near alpha is skipped
  int asp_delta = 17;      // the aspiration window's first half-width
};

// One tunable constant: its option name, where it lives, its range.
struct Tunable {
  std::string_view name;
  int SearchParams::*field;
  int min;
  int max;
};

using ReductionTable = std::array<std::array<int, 64>, 64>;

namespace detail {
extern SearchParams params;
extern ReductionTable reductions;  // from lmr_base and lmr_div
}  // namespace detail

inline const SearchParams& search_params() { return detail::params; }
std::span<const Tunable> tunables();
// False, changing nothing, for an unknown name or a value outside its range.
bool set_search_param(std::string_view name, int value);
void reset_search_params();

// The late-move reduction in plies for a depth and a move's number.
inline int reduction(int depth, int move_number) {
  return detail::reductions[std::min(depth, 63)][std::min(move_number, 63)];
}

}  // namespace search::chaturanga
