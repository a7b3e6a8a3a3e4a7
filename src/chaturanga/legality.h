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

// What the side to move's king needs to judge its moves: the pieces giving
// check, and our pieces that stand alone between the king and an enemy
// chariot on its rank or file, each with the squares it may still go to
// (between the king and that chariot, the chariot included).
struct KingSafety {
  Square king{};
  Bitboard checkers = 0;
  Bitboard pinned = 0;
  int pins = 0;
  Square pinned_square[4]{};
  Bitboard pin_ray[4]{};
  Bitboard ray_of(Square sq) const {
    for (int i = 0; i < pins; ++i)
      if (pinned_square[i] == sq) return pin_ray[i];
    return ~Bitboard{0};
  }
};
// For a side to move whose king is on the board.
KingSafety king_safety(const Position& pos);
// A pseudo-legal move that does not leave the mover's king attacked.
bool is_legal(const Position& pos, Move m, const KingSafety& ks);

// Shatranj's bare king, as Fairy-Stockfish applies it: the side that has only
// its king loses when the other side has two pieces or more besides its king,
// or (having just moved) when it could not take the other side's last piece.
// Returns the losing side, if any.
std::optional<Color> shatranj_bare_king_loser(const Position& pos);

}  // namespace chaturanga
