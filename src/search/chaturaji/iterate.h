// Iterative deepening, written once for every four-handed search: each
// search offers `iteration(depth)` (false when cut short), `best()` and the
// score and line of its last finished iteration, over this concept.
#pragma once

#include <concepts>

#include "search/chaturaji/control.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

template <class S>
concept DepthSearch = requires(S s, const S cs, int depth) {
  { s.iteration(depth) } -> std::same_as<bool>;
  { cs.best() } -> std::same_as<Move>;
  { cs.score() } -> std::same_as<int>;
  { cs.pv() } -> std::same_as<std::vector<Move>>;
};

// Deepens until the limits say stop. A cut-short iteration still offers its
// best root move so far when that move was searched to the end; otherwise the
// last finished iteration's move stands.
template <DepthSearch S, class OnIteration>
Result iterate(S& search, Control& control, OnIteration&& on_iteration) {
  Result result;
  for (int depth = 1; control.may_deepen(depth); ++depth) {
    const bool finished = search.iteration(depth);
    if (finished || !result.best) {
      result.best = search.best();
      result.score = search.score();
      result.pv = search.pv();
    }
    if (!finished) break;
    result.depth = depth;
    result.nodes = control.nodes();
    result.ms = control.elapsed_ms();
    on_iteration(result);
  }
  result.nodes = control.nodes();
  result.ms = control.elapsed_ms();
  return result;
}

template <DepthSearch S>
Result iterate(S& search, Control& control) {
  return iterate(search, control, [](const Result&) {});
}

}  // namespace search::chaturaji
