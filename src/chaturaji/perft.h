// Perft: the number of leaves of the move tree to a depth, for any rule set.
// A forced pass is a move; finished games are not cut off (only a `points`
// position with at most one player still in has no moves).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "chaturaji/position.h"

namespace chaturaji {

std::uint64_t perft(const Position& pos, int depth);
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

// Leaves and what the moves into them were (for checks against reference data).
struct PerftStats {
  std::uint64_t nodes = 0;
  std::uint64_t captures = 0;
  std::uint64_t king_captures = 0;
  std::uint64_t promotions = 0;
  std::uint64_t double_check_bonus = 0;
  std::uint64_t triple_check_bonus = 0;
};
PerftStats perft_stats(const Position& pos, int depth);

}  // namespace chaturaji
