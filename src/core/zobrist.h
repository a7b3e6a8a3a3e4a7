// Zobrist keys for any game on 64 squares with up to PIECE_SLOTS distinct
// (owner, kind) pieces. The games decide how they number their pieces.
// The keys are computed at compile time from a fixed seed.
#pragma once

#include <cstdint>

#include "core/rng.h"
#include "core/types.h"

namespace core {

using Key = std::uint64_t;

struct Zobrist {
  static constexpr int PIECE_SLOTS = 32;
  Key piece_square[PIECE_SLOTS][SQUARE_COUNT];
  Key side[8];    // whose turn; up to eight turn states
  Key extra[64];  // game-specific state (dice throws, flags, ...)
};

constexpr Zobrist make_zobrist() {
  Zobrist z{};
  Rng rng(1070372);
  for (auto& piece : z.piece_square)
    for (Key& k : piece) k = rng.next();
  for (Key& k : z.side) k = rng.next();
  for (Key& k : z.extra) k = rng.next();
  return z;
}

inline constexpr Zobrist ZOBRIST = make_zobrist();

}  // namespace core
