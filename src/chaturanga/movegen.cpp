#include "chaturanga/movegen.h"

#include <algorithm>

namespace chaturanga {

using core::Heading;
using core::Leaper;

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

template <GenKind Kind>
Bitboard target_squares(const Position& pos) {
  const Color us = pos.side_to_move();
  if constexpr (Kind == GenKind::All) return ~pos.pieces(us);
  if constexpr (Kind == GenKind::Captures) return pos.pieces(~us);
  return ~pos.pieces();
}

void push_pawn_moves(MoveList& list, Bitboard to_set, int back, Color us) {
  const int last_rank = promotion_rank(us);
  while (to_set) {
    const Square to = core::pop_lsb(to_set);
    list.push(Move(Square(to - back), to, core::rank_of(to) == last_rank));
  }
}

template <GenKind Kind>
void generate_pawns(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Heading h = pawn_heading(us);
  const Bitboard pawns = pos.pieces(us, PAWN);
  const int forward = us == WHITE ? 8 : -8;
  if constexpr (Kind != GenKind::Quiets) {
    const Bitboard them = pos.pieces(~us);
    const Bitboard forward_once = core::shift(h, pawns);
    push_pawn_moves(list, core::shift(Heading::East, forward_once) & them, forward + 1, us);
    push_pawn_moves(list, core::shift(Heading::West, forward_once) & them, forward - 1, us);
  }
  if constexpr (Kind != GenKind::Captures)
    push_pawn_moves(list, core::shift(h, pawns) & ~pos.pieces(), forward, us);
}

template <PieceType T>
void generate_piece(const Position& pos, MoveList& list, Bitboard targets) {
  const Color us = pos.side_to_move();
  Bitboard from_set = pos.pieces(us, T);
  while (from_set) {
    const Square from = core::pop_lsb(from_set);
    Bitboard to_set = piece_attacks(T, us, from, pos.pieces()) & targets;
    while (to_set) list.push(Move(from, core::pop_lsb(to_set)));
  }
}

template <PieceType T>
int count_piece(const Position& pos, Bitboard targets) {
  const Color us = pos.side_to_move();
  Bitboard from_set = pos.pieces(us, T);
  int n = 0;
  while (from_set) n += core::popcount(piece_attacks(T, us, core::pop_lsb(from_set), pos.pieces()) & targets);
  return n;
}

}  // namespace

template <GenKind Kind>
void generate(const Position& pos, MoveList& list) {
  if (king_gone(pos)) return;
  const Bitboard targets = target_squares<Kind>(pos);
  generate_pawns<Kind>(pos, list);
  generate_piece<HORSE>(pos, list, targets);
  generate_piece<ELEPHANT>(pos, list, targets);
  generate_piece<CHARIOT>(pos, list, targets);
  generate_piece<MINISTER>(pos, list, targets);
  generate_piece<KING>(pos, list, targets);
}

template void generate<GenKind::All>(const Position&, MoveList&);
template void generate<GenKind::Captures>(const Position&, MoveList&);
template void generate<GenKind::Quiets>(const Position&, MoveList&);

int count_moves(const Position& pos) {
  if (king_gone(pos)) return 0;
  const Color us = pos.side_to_move();
  const Heading h = pawn_heading(us);
  const Bitboard targets = ~pos.pieces(us);
  const Bitboard forward_once = core::shift(h, pos.pieces(us, PAWN));
  const Bitboard them = pos.pieces(~us);
  return core::popcount(forward_once & ~pos.pieces()) +
         core::popcount(core::shift(Heading::East, forward_once) & them) +
         core::popcount(core::shift(Heading::West, forward_once) & them) + count_piece<HORSE>(pos, targets) +
         count_piece<ELEPHANT>(pos, targets) + count_piece<CHARIOT>(pos, targets) +
         count_piece<MINISTER>(pos, targets) + count_piece<KING>(pos, targets);
}

}  // namespace chaturanga
