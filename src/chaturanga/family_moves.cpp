#include "chaturanga/family_moves.h"

namespace chaturanga {

namespace {

Bitboard relative_rank_bb(Color c, int rank) { return core::rank_bb(c == WHITE ? rank : 7 - rank); }

}  // namespace

void generate_drops(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const RuleSet& r = pos.rules();
  const Bitboard empty = r.drop_region[us] & ~pos.pieces();
  for (int t = 0; t < PIECE_TYPE_COUNT; ++t) {
    if (!pos.hand(us, PieceType(t))) continue;
    Bitboard to_set = empty;
    if (t == CHARIOT) to_set &= relative_rank_bb(us, 0);
    // Pawns never start in hand; should a position give one, it may not land
    // where it would be stuck or promote at once.
    if (t == PAWN) to_set &= ~r.promotion_region[us] & ~relative_rank_bb(us, 0);
    while (to_set) list.push(Move::drop(PieceType(t), core::pop_lsb(to_set)));
  }
}

void generate_sittuyin_promotions(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const Bitboard pawns = pos.pieces(us, PAWN);
  // One minister at a time: no promotion while the side still has one.
  if (!pawns || pos.pieces(us, MINISTER)) return;
  Bitboard from_set = core::more_than_one(pawns) ? pawns & pos.rules().promotion_region[us] : pawns;
  const Bitboard their_king = pos.pieces(them, KING);
  while (from_set) {
    const Square from = core::pop_lsb(from_set);
    Bitboard to_set =
        (core::leaper_attacks(core::Leaper::Ferz, from) & ~pos.pieces()) | core::square_bb(from);
    while (to_set) {
      const Square to = core::pop_lsb(to_set);
      if (core::leaper_attacks(core::Leaper::Ferz, to) & pos.pieces(them)) continue;
      const Bitboard occupied = (pos.pieces() ^ core::square_bb(from)) | core::square_bb(to);
      if (their_king && (core::rook_attacks(core::lsb(their_king), occupied) & pos.pieces(us, CHARIOT)))
        continue;
      list.push(Move(from, to, true));
    }
  }
}

void generate_first_moves(const Position& pos, MoveList& list, bool in_check) {
  const Color us = pos.side_to_move();
  const Bitboard gates = pos.gates(us);
  if (!gates) return;
  const Bitboard empty = ~pos.pieces();
  const Bitboard king = pos.pieces(us, KING) & gates;
  if (king && !in_check) {
    const Square from = core::lsb(king);
    const Bitboard ahead = core::rank_bb(core::rank_of(from) + (us == WHITE ? 1 : -1));
    Bitboard to_set = core::leaper_attacks(core::Leaper::Knight, from) & ahead & empty;
    while (to_set) list.push(Move(from, core::pop_lsb(to_set)));
  }
  Bitboard ministers = pos.pieces(us, MINISTER) & gates;
  while (ministers) {
    const Square from = core::pop_lsb(ministers);
    const int rank = core::rank_of(from) + (us == WHITE ? 2 : -2);
    if (rank < 0 || rank > 7) continue;
    const Square to = core::make_square(core::file_of(from), rank);
    if (empty & core::square_bb(to)) list.push(Move(from, to));
  }
}

}  // namespace chaturanga
