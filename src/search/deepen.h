// Iterative deepening, written once for every search of every game: a
// search says whether an iteration of a depth is worth starting and runs it,
// answering false when it was cut short. Each game's searches add what they
// keep between iterations (root moves, reports, the best move so far).
#pragma once

#include <concepts>

namespace search {

template <class S>
concept Deepening = requires(S s, int depth) {
  { s.may_start(depth) } -> std::same_as<bool>;
  { s.iteration(depth) } -> std::same_as<bool>;
};

// Iterates from `first` on while the search allows; returns the last depth
// finished, 0 when none was.
template <Deepening S>
int deepen(S& search, int first) {
  int finished = 0;
  for (int depth = first; search.may_start(depth); ++depth) {
    if (!search.iteration(depth)) break;
    finished = depth;
  }
  return finished;
}

}  // namespace search
