// Perft: the leaves of the pseudo-legal move tree, with king capture as the
// only game end (the convention Fairy-Stockfish's `go perft` follows).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "chaturanga/position.h"

namespace chaturanga {

std::uint64_t perft(const Position& pos, int depth);
// Per first move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth);

}  // namespace chaturanga
