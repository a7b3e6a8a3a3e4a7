// Move generation, the one entry point for moves, for every game of the
// family. Without a royal king (Chaturanga played to the king's capture)
// every pseudo-legal move is legal; with one, moves that leave the king
// attacked are filtered out (chaturanga/legality.h). A game stopped by a rule
// that ends it at once (a captured king, Shatranj's bare king) has no moves.
#pragma once

#include "chaturanga/position.h"
#include "core/move_list.h"

namespace chaturanga {

// Captures are the moves that take a piece; Quiets the others (drops and
// promotions without a capture included).
enum class GenKind { All, Captures, Quiets };

// The most moves a side of any game of the family can have (Sittuyin's
// set-up drops included) is far below this capacity.
using MoveList = core::MoveList<Move, 256>;

template <GenKind Kind>
void generate(const Position& pos, MoveList& list);

// The pseudo-legal moves on the board (pawns with the rule set's promotion
// region, pieces with its elephant), without the rules that stop a game.
template <GenKind Kind>
void generate_pseudo(const Position& pos, MoveList& list);

// The number of moves generate<All> would produce, counted without listing
// them where the game allows it.
int count_moves(const Position& pos);

// True when the game is over by king capture, so no move may be made.
inline bool king_gone(const Position& pos) { return !pos.has_king(WHITE) || !pos.has_king(BLACK); }

// True when a rule that ends the game at once has ended it: the king captured
// (Chaturanga played to capture) or Shatranj's bare king.
bool game_stopped(const Position& pos);

}  // namespace chaturanga
