// Static exchange evaluation: the material a capture sequence on one square
// wins, both sides always recapturing with their least valuable piece.
#pragma once

#include "chaturanga/position.h"
#include "search/chaturanga/vocabulary.h"

namespace search::chaturanga {

constexpr int SEE_VALUE[chaturanga::PIECE_TYPE_COUNT] = {100, 300, 120, 500, 180, 20000};

// True when the exchange started by `m` gains at least `threshold`.
bool see_ge(const chaturanga::Position& pos, chaturanga::Move m, int threshold);

}  // namespace search::chaturanga
