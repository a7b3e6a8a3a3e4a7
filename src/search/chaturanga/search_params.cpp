#include "search/chaturanga/search_params.h"

#include <array>
#include <cmath>

namespace search::chaturanga {

namespace {

ReductionTable reductions_for(const SearchParams& params) {
  const double base = params.lmr_base / 100.0;
  const double div = params.lmr_div / 100.0;
  ReductionTable table{};
  for (int d = 1; d < 64; ++d)
    for (int m = 1; m < 64; ++m) table[d][m] = int(base + std::log(double(d)) * std::log(double(m)) / div);
  return table;
}

// The ranges are wide enough for tuning to wander and narrow enough that no
// value breaks the search; scripts/spsa.py steps each by a twentieth of its range.
constexpr std::array TUNABLES{
    Tunable{"lmr_base", &SearchParams::lmr_base, 0, 200},
    Tunable{"lmr_div", &SearchParams::lmr_div, 100, 600},
    Tunable{"rfp_margin", &SearchParams::rfp_margin, 20, 220},
    Tunable{"nmp_eval_div", &SearchParams::nmp_eval_div, 60, 660},
    Tunable{"fut_base", &SearchParams::fut_base, 0, 400},
    Tunable{"fut_mul", &SearchParams::fut_mul, 20, 320},
    Tunable{"see_quiet", &SearchParams::see_quiet, 0, 100},
    Tunable{"see_capture", &SearchParams::see_capture, 0, 300},
    Tunable{"hist_div", &SearchParams::hist_div, 1000, 19000},
    Tunable{"q_delta", &SearchParams::q_delta, 0, 500},
    Tunable{"asp_delta", &SearchParams::asp_delta, 5, 85},
};

}  // namespace

namespace detail {
SearchParams params;
ReductionTable reductions = reductions_for(SearchParams{});
}  // namespace detail

std::span<const Tunable> tunables() { return TUNABLES; }

bool set_search_param(std::string_view name, int value) {
  const auto t =
      std::find_if(TUNABLES.begin(), TUNABLES.end(), [&](const Tunable& x) { return x.name == name; });
  if (t == TUNABLES.end() || value < t->min || value > t->max) return false;
  detail::params.*(t->field) = value;
  detail::reductions = reductions_for(detail::params);
  return true;
}

void reset_search_params() {
  detail::params = SearchParams{};
  detail::reductions = reductions_for(detail::params);
}

}  // namespace search::chaturanga
