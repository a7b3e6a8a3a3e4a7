// What bounds a search: UCI's `go` arguments, as values, for any game. The
// clocks are indexed by seat (a side of the two-player game, a seat of the
// four-handed one); the moves to search are packed (search/packed_move.h).
#pragma once

#include <cstdint>
#include <vector>

#include "search/packed_move.h"

namespace search {

constexpr int MAX_SEATS = 4;
// A time beyond a year counts as a year, which keeps the searches' sums in range.
constexpr std::int64_t YEAR_MS = 365LL * 24 * 3600 * 1000;

struct Limits {
  std::int64_t time_ms[MAX_SEATS] = {0, 0, 0, 0};  // 0: no clock
  std::int64_t inc_ms[MAX_SEATS] = {0, 0, 0, 0};
  int movestogo = 0;
  std::int64_t movetime_ms = 0;
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  bool infinite = false;
  bool ponder = false;
  int multipv = 1;
  std::vector<PackedMove> searchmoves;  // empty: all moves

  bool uses_clock(int seat) const { return time_ms[seat] > 0; }
};

}  // namespace search
