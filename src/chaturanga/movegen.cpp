#include "chaturanga/movegen.h"

#include "chaturanga/legality.h"

namespace chaturanga {

using core::Heading;
using core::Leaper;

namespace {

template <GenKind Kind>
Bitboard target_squares(const Position& pos) {
  const Color us = pos.side_to_move();
  if constexpr (Kind == GenKind::All) return ~pos.pieces(us);
  if constexpr (Kind == GenKind::Captures) return pos.pieces(~us);
  return ~pos.pieces();
}

void push_pawn_moves(MoveList& list, Bitboard to_set, int back, Bitboard promotion_region) {
  while (to_set) {
    const Square to = core::pop_lsb(to_set);
    list.push(Move(Square(to - back), to, (promotion_region & core::square_bb(to)) != 0));
  }
}

// Sittuyin's pawns do not promote by moving (they have a promotion move of their own).
Bitboard auto_promotion_region(const RuleSet& r, Color us) {
  return r.sittuyin_promotion ? 0 : r.promotion_region[us];
}

template <GenKind Kind>
void generate_pawns(const Position& pos, MoveList& list, Bitboard promotion_region) {
  const Color us = pos.side_to_move();
  const Heading h = pawn_heading(us);
  const Bitboard pawns = pos.pieces(us, PAWN);
  const int forward = us == WHITE ? 8 : -8;
  if constexpr (Kind != GenKind::Quiets) {
    const Bitboard them = pos.pieces(~us);
    const Bitboard forward_once = core::shift(h, pawns);
    push_pawn_moves(list, core::shift(Heading::East, forward_once) & them, forward + 1, promotion_region);
    push_pawn_moves(list, core::shift(Heading::West, forward_once) & them, forward - 1, promotion_region);
  }
  if constexpr (Kind != GenKind::Captures)
    push_pawn_moves(list, core::shift(h, pawns) & ~pos.pieces(), forward, promotion_region);
}

template <PieceType T, Elephant E>
void generate_piece(const Position& pos, MoveList& list, Bitboard targets) {
  const Color us = pos.side_to_move();
  Bitboard from_set = pos.pieces(us, T);
  while (from_set) {
    const Square from = core::pop_lsb(from_set);
    Bitboard to_set = attacks_of<T, E>(us, from, pos.pieces()) & targets;
    while (to_set) list.push(Move(from, core::pop_lsb(to_set)));
  }
}

template <PieceType T, Elephant E>
int count_piece(const Position& pos, Bitboard targets) {
  return count_piece_moves<T, E>(pos, pos.pieces(pos.side_to_move(), T), targets);
}

template <GenKind Kind, Elephant E>
void generate_board_moves(const Position& pos, MoveList& list, Bitboard promotion_region) {
  const Bitboard targets = target_squares<Kind>(pos);
  generate_pawns<Kind>(pos, list, promotion_region);
  generate_piece<HORSE, E>(pos, list, targets);
  generate_piece<ELEPHANT, E>(pos, list, targets);
  generate_piece<CHARIOT, E>(pos, list, targets);
  generate_piece<MINISTER, E>(pos, list, targets);
  generate_piece<KING, E>(pos, list, targets);
}

// Every pseudo-legal move on the board is counted; a promotion is one move.
template <Elephant E>
int count_board_moves(const Position& pos) {
  const Color us = pos.side_to_move();
  const Heading h = pawn_heading(us);
  const Bitboard targets = ~pos.pieces(us);
  const Bitboard forward_once = core::shift(h, pos.pieces(us, PAWN));
  const Bitboard them = pos.pieces(~us);
  return core::popcount(forward_once & ~pos.pieces()) +
         core::popcount(core::shift(Heading::East, forward_once) & them) +
         core::popcount(core::shift(Heading::West, forward_once) & them) +
         count_piece<HORSE, E>(pos, targets) + count_piece<ELEPHANT, E>(pos, targets) +
         count_piece<CHARIOT, E>(pos, targets) + count_piece<MINISTER, E>(pos, targets) +
         count_piece<KING, E>(pos, targets);
}

}  // namespace

template <GenKind Kind>
void generate_pseudo(const Position& pos, MoveList& list) {
  const RuleSet& r = pos.rules();
  const Bitboard region = auto_promotion_region(r, pos.side_to_move());
  switch (r.elephant) {
    case Elephant::Alfil: generate_board_moves<Kind, Elephant::Alfil>(pos, list, region); break;
    case Elephant::Silver: generate_board_moves<Kind, Elephant::Silver>(pos, list, region); break;
    case Elephant::Dabbaba: generate_board_moves<Kind, Elephant::Dabbaba>(pos, list, region); break;
  }
}

template <GenKind Kind>
void generate(const Position& pos, MoveList& list) {
  if (pos.seed_moves()) [[likely]] {
    const Bitboard last_rank = core::rank_bb(promotion_rank(pos.side_to_move()));
    if (!king_gone(pos)) generate_board_moves<Kind, Elephant::Alfil>(pos, list, last_rank);
    return;
  }
  if (!pos.plain_moves()) {
    generate_legal<Kind>(pos, list);
    return;
  }
  if (king_gone(pos)) return;
  generate_pseudo<Kind>(pos, list);
}

template void generate<GenKind::All>(const Position&, MoveList&);
template void generate<GenKind::Captures>(const Position&, MoveList&);
template void generate<GenKind::Quiets>(const Position&, MoveList&);
template void generate_pseudo<GenKind::All>(const Position&, MoveList&);
template void generate_pseudo<GenKind::Captures>(const Position&, MoveList&);
template void generate_pseudo<GenKind::Quiets>(const Position&, MoveList&);

int count_moves(const Position& pos) {
  if (pos.seed_moves()) [[likely]]
    return king_gone(pos) ? 0 : count_board_moves<Elephant::Alfil>(pos);
  if (!pos.plain_moves()) return count_legal(pos);
  if (king_gone(pos)) return 0;
  switch (pos.elephant()) {
    case Elephant::Alfil: return count_board_moves<Elephant::Alfil>(pos);
    case Elephant::Silver: return count_board_moves<Elephant::Silver>(pos);
    case Elephant::Dabbaba: return count_board_moves<Elephant::Dabbaba>(pos);
  }
  return 0;
}

bool game_stopped(const Position& pos) {
  const RuleSet& r = pos.rules();
  if (!r.royal_king) return king_gone(pos);
  return r.bare_king == BareKing::Shatranj && shatranj_bare_king_loser(pos).has_value();
}

}  // namespace chaturanga
