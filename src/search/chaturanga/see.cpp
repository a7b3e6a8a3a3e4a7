#include "search/chaturanga/see.h"

namespace search::chaturanga {

using namespace chaturanga;

bool see_ge(const Position& pos, Move m, int threshold) {
  // A drop comes from the hand, and a Sittuyin pawn may promote where it
  // stands: neither takes what stands on `to`, nor leaves a square behind.
  const Square to = m.to();
  const Piece victim = pos.is_capture(m) ? pos.piece_on(to) : NO_PIECE;
  int swap = (victim == NO_PIECE ? 0 : SEE_VALUE[type_of(victim)]) - threshold;
  if (swap < 0) return false;
  const PieceType mover = m.is_drop() ? m.dropped() : type_of(pos.piece_on(m.from()));
  swap = SEE_VALUE[mover] - swap;
  if (swap <= 0) return true;

  Bitboard occupied = m.is_drop() ? pos.pieces() : pos.pieces() ^ core::square_bb(m.from());
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
    const PieceType* cheapest = SEE_ORDER;
    while (!(mine & pos.pieces(*cheapest))) ++cheapest;
    const PieceType least = *cheapest;
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
