// Legal moves for the games with a royal king (Chaturanga played to
// checkmate, Shatranj, Makruk, Cambodian, Sittuyin): the pseudo-legal moves,
// the moves only some games have (chaturanga/family_moves.h), then a filter
// that drops every move leaving one's own king attacked. Only chariots slide,
// so only they pin; a move of a piece that is neither pinned nor moving out
// of check needs no test.
#pragma once

#include <optional>

#include "chaturanga/movegen.h"

namespace chaturanga {

template <GenKind Kind>
void generate_legal(const Position& pos, MoveList& list);
int count_legal(const Position& pos);

// Our pieces that stand alone between our king and an enemy chariot on its rank or file.
Bitboard pinned_pieces(const Position& pos, Color us);

// Shatranj's bare king, as Fairy-Stockfish applies it: the side that has only
// its king loses when the other side has two pieces or more besides its king,
// or (having just moved) when it could not take the other side's last piece.
// Returns the losing side, if any.
std::optional<Color> shatranj_bare_king_loser(const Position& pos);

}  // namespace chaturanga
