// Iterative deepening of the four-handed alpha-beta searches, over the one
// loop of search/deepen.h: each search offers `iteration(depth)` (false when
// cut short), `best()` and the score and line of its last finished
// iteration; the budget decides whether another depth is worth starting.
#pragma once

#include <concepts>
#include <utility>

#include "search/budget.h"
#include "search/chaturaji/result.h"
#include "search/deepen.h"

namespace search::chaturaji {

template <class S>
concept DepthSearch = requires(S s, const S cs, int depth) {
  { s.iteration(depth) } -> std::same_as<bool>;
  { cs.best() } -> std::same_as<Move>;
  { cs.score() } -> std::same_as<int>;
  { cs.pv() } -> std::same_as<std::vector<Move>>;
};

// A cut-short iteration still offers its best root move so far when that
// move was searched to the end; otherwise the last finished iteration's
// move stands.
template <DepthSearch S, class OnIteration>
class Deepener {
 public:
  Deepener(S& search, Budget& budget, OnIteration& on_iteration)
      : search_(search), budget_(budget), on_iteration_(on_iteration) {}

  bool may_start(int depth) const { return budget_.may_deepen(depth); }
  bool iteration(int depth) {
    const bool finished = search_.iteration(depth);
    if (finished || !result_.best) {
      result_.best = search_.best();
      result_.score = search_.score();
      result_.pv = search_.pv();
    }
    if (!finished) return false;
    result_.depth = depth;
    result_.nodes = budget_.nodes();
    result_.ms = budget_.elapsed_ms();
    on_iteration_(std::as_const(result_));
    return true;
  }
  Result& result() { return result_; }

 private:
  S& search_;
  Budget& budget_;
  OnIteration& on_iteration_;
  Result result_;
};

template <DepthSearch S, class OnIteration>
Result iterate(S& search, Budget& budget, OnIteration&& on_iteration) {
  Deepener<S, std::remove_reference_t<OnIteration>> deepener(search, budget, on_iteration);
  search::deepen(deepener, 1);
  Result& result = deepener.result();
  result.nodes = budget.nodes();
  result.ms = budget.elapsed_ms();
  return result;
}

template <DepthSearch S>
Result iterate(S& search, Budget& budget) {
  return iterate(search, budget, [](const Result&) {});
}

}  // namespace search::chaturaji
