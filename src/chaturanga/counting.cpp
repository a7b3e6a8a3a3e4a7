#include "chaturanga/counting.h"

namespace chaturanga {

namespace {

int count(const Position& pos, Color c) { return core::popcount(pos.pieces(c)); }
int count(const Position& pos, Color c, PieceType t) { return core::popcount(pos.pieces(c, t)); }

// The pieces' honour: a bare king's count, by the strongest piece the other
// side has (chariots, then elephants (khon), then horses). Makruk counts in
// moves from the start; Cambodian one move less.
int pieces_honour(const Position& pos, Color strong, int shorter) {
  if (count(pos, strong, CHARIOT) > 1) return 8 - shorter;
  if (count(pos, strong, CHARIOT) == 1) return 16 - shorter;
  if (count(pos, strong, ELEPHANT) > 1) return 22 - shorter;
  if (count(pos, strong, HORSE) > 1) return 32 - shorter;
  if (count(pos, strong, ELEPHANT) == 1) return 44 - shorter;
  return 64 - shorter;
}

}  // namespace

int counting_limit_in_moves(const Position& pos, Counting rule, Color side_to_count) {
  const Color strong = ~side_to_count;
  const bool pawns = pos.pieces(PAWN) != 0;
  const int own = count(pos, side_to_count);
  switch (rule) {
    case Counting::Makruk:
      if (pawns || count(pos, strong) == 1) return 0;
      if (own > 1) return 64;  // the board's honour
      return pieces_honour(pos, strong, 0);
    case Counting::Cambodian:
      if (own > 3 || count(pos, strong) == 1) return 0;
      if (own > 1) return 63;  // the board's honour
      if (pawns) return 0;
      return pieces_honour(pos, strong, 1);
    case Counting::Asean:
      // Only a bare king counts, and only against a chariot, elephant or horse.
      if (pawns || own > 1) return 0;
      if (count(pos, strong, CHARIOT)) return 16;
      if (count(pos, strong, ELEPHANT)) return 44;
      if (count(pos, strong, HORSE)) return 64;
      return 0;
    case Counting::None: return 0;
  }
  return 0;
}

}  // namespace chaturanga
