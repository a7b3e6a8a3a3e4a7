// What bounds a search: UCI's `go` arguments, as values.
#pragma once

#include <cstdint>
#include <vector>

#include "chaturanga/types.h"

namespace search {

struct Limits {
  std::int64_t time_ms[chaturanga::COLOR_COUNT] = {0, 0};  // 0: no clock
  std::int64_t inc_ms[chaturanga::COLOR_COUNT] = {0, 0};
  int movestogo = 0;
  std::int64_t movetime_ms = 0;
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  bool infinite = false;
  bool ponder = false;
  int multipv = 1;
  std::vector<chaturanga::Move> searchmoves;  // empty: all moves

  bool uses_clock(chaturanga::Color us) const { return time_ms[us] > 0; }
};

}  // namespace search
