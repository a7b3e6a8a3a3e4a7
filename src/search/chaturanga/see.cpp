#include "search/chaturanga/see.h"

namespace search::chaturanga {

using namespace chaturanga;

bool see_ge(const Position& pos, Move m, int threshold) {
  const Square from = m.from();
  const Square to = m.to();
  const Piece victim = pos.piece_on(to);
  int swap = (victim == NO_PIECE ? 0 : SEE_VALUE[type_of(victim)]) - threshold;
  if (swap < 0) return false;
  swap = SEE_VALUE[type_of(pos.piece_on(from))] - swap;
  if (swap <= 0) return true;

  Bitboard occupied = pos.pieces() ^ core::square_bb(from);
  Color side = pos.side_to_move();
  Bitboard attackers =
      (pos.attackers_to(to, WHITE, occupied) | pos.attackers_to(to, BLACK, occupied)) & occupied;
  int result = 1;
  while (true) {
    side = ~side;
    attackers &= occupied;
    const Bitboard mine = attackers & pos.pieces(side);
    if (!mine) break;
    result ^= 1;
    PieceType least = PAWN;
    while (!(mine & pos.pieces(least))) least = PieceType(least + 1);
    if (least == KING) {
      // The king may recapture only if the other side has nothing left there.
      return (attackers & pos.pieces(~side)) ? result ^ 1 : result;
    }
    swap = SEE_VALUE[least] - swap;
    if (swap < result) break;
    occupied ^= core::square_bb(core::lsb(mine & pos.pieces(least)));
    // Only chariots slide: removing a piece can reveal one behind it.
    attackers |= core::rook_attacks(to, occupied) & pos.pieces(CHARIOT);
  }
  return result;
}

}  // namespace search::chaturanga
