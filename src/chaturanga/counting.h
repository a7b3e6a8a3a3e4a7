// The counting rules of Makruk, Cambodian chess (Ouk Chatrang) and Sittuyin,
// as Fairy-Stockfish counts them. When the weaker side is down to a bare king
// (or, in Makruk and Cambodian, when no pawn is left: the board's honour),
// the stronger side has a limited number of moves to give mate, or the game
// is drawn. The count lives in the position (Position::counting_limit and
// counting_ply, in plies); Position::play starts and advances it, and
// rules.cpp declares the draw once the count passes the limit.
#pragma once

#include "chaturanga/position.h"

namespace chaturanga {

// The limit in full moves for `side_to_count` (the side that hopes for the
// draw) under `rule`, or 0 when that side does not count in this position.
int counting_limit_in_moves(const Position& pos, Counting rule, Color side_to_count);

// The count has passed its limit: a draw, unless the side to move is mated.
inline bool counting_expired(const Position& pos) {
  return pos.counting_limit() != 0 && pos.counting_ply() > pos.counting_limit();
}

}  // namespace chaturanga
