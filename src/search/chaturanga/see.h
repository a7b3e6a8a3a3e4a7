// Static exchange evaluation: the material a capture sequence on one square
// wins, both sides always recapturing with their least valuable piece.
#pragma once

#include "chaturanga/position.h"
#include "search/chaturanga/vocabulary.h"

namespace search::chaturanga {

// What a piece is worth to an exchange. The same in every game of the
// family: Makruk's khon valued near a horse here played worse than as an
// alfil (docs/benchmarks.md, "The exchange's order").
constexpr int SEE_VALUE[chaturanga::PIECE_TYPE_COUNT] = {100, 300, 120, 500, 180, 20000};

// The pieces from the least valuable to the most: the order in which an
// exchange brings in its recapturing pieces.
constexpr chaturanga::PieceType SEE_ORDER[chaturanga::PIECE_TYPE_COUNT] = {
    chaturanga::PAWN,  chaturanga::ELEPHANT, chaturanga::MINISTER,
    chaturanga::HORSE, chaturanga::CHARIOT,  chaturanga::KING};

// True when the exchange started by `m` gains at least `threshold`.
bool see_ge(const chaturanga::Position& pos, chaturanga::Move m, int threshold);

}  // namespace search::chaturanga
