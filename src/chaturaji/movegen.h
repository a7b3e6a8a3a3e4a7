// Move generation, the one entry point for moves in every rule set. A player
// with no move gets a single pass (the only pass generated, so perft counts a
// pass exactly where the rules force one); a `points` game with at most one
// player still in has no moves at all. Resign, timeout, claim (where
// may_claim()) and the voluntary pass of `dice` (where may_pass()) are never
// generated: they are moves a caller may play.
#pragma once

#include "chaturaji/position.h"
#include "core/move_list.h"

namespace chaturaji {

// A dice re-entry offers at most 64 drops.
using MoveList = core::MoveList<Move, 256>;

void generate(const Position& pos, MoveList& list);

// The number of moves generate() would produce, counted without listing them.
int count_moves(const Position& pos);

// True when the player to move may pass: always in `dice` (it may give up the
// rest of its turn), elsewhere only without a move.
bool may_pass(const Position& pos);

// True when a piece of an enemy of `seat` that is still in attacks `sq` with
// occupancy `occupied` (the king's rule of `teams`).
bool square_attacked_by_enemy(const Position& pos, int seat, Square sq, Bitboard occupied);

}  // namespace chaturaji
