// What a search says while it runs and what it keeps of its root moves, for
// any game's moves: one `info` line (a principal variation at a depth), and
// a scored root move of a MultiPV set.
#pragma once

#include <cstdint>
#include <vector>

#include "search/tt.h"

namespace search {

template <class Move>
struct Report {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;
  Bound bound = Bound::Exact;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

template <class Move>
struct Line {
  Move move;
  int score = 0;
};

}  // namespace search
