// The moves only some games of the family have: Sittuyin's drops in the
// set-up phase and its promotion move, and Cambodian chess's first leaps of
// the king and the neang. Each appends pseudo-legal moves; legality.cpp
// filters them with the others.
#pragma once

#include "chaturanga/movegen.h"

namespace chaturanga {

// Sittuyin: every piece in hand onto every empty square of the own three
// ranks (a chariot only onto the first).
void generate_drops(const Position& pos, MoveList& list);

// Sittuyin: a pawn becomes a minister (met) on its square or one diagonal
// step away (onto an empty square), when the side has no minister. With
// more than one pawn, only a pawn on a promotion square may; the new minister
// may not attack an enemy piece, nor may the move uncover a check.
void generate_sittuyin_promotions(const Position& pos, MoveList& list);

// Cambodian: a king that has not moved may leap like a horse to the rank in
// front of it (not out of check), and a neang (minister) that has not moved
// may jump two squares straight ahead; both onto empty squares only.
void generate_first_moves(const Position& pos, MoveList& list, bool in_check);

}  // namespace chaturanga
