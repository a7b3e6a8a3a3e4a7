// What a four-handed search reports: the move for the player to move, its
// score in centipawns from that player's (or team's) view, the last
// finished depth, and the effort.
#pragma once

#include <cstdint>
#include <vector>

#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

constexpr int MAX_PLY = 96;

struct Result {
  Move best;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;
  std::vector<Move> pv;
};

}  // namespace search::chaturaji
