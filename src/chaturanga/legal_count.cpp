// Counting the legal moves of a game with a royal king without listing them:
// perft's last ply. Out of check and outside Sittuyin's set-up, a piece that
// is not pinned may make every pseudo-legal move, a pinned one only those
// along its pin, and only king moves need a test of their own; the rarer
// moves (Cambodian leaps, Sittuyin promotions) are listed and tested.
#include "chaturanga/family_moves.h"
#include "chaturanga/legality.h"

namespace chaturanga {

namespace {

using core::Heading;

template <PieceType T, Elephant E>
int count_piece(const Position& pos, const KingSafety& ks, Bitboard targets) {
  const Color us = pos.side_to_move();
  int n = count_piece_moves<T, E>(pos, pos.pieces(us, T) & ~ks.pinned, targets);
  Bitboard pinned = pos.pieces(us, T) & ks.pinned;
  while (pinned) {
    const Square from = core::pop_lsb(pinned);
    n += core::popcount(attacks_of<T, E>(us, from, pos.pieces()) & targets & ks.ray_of(from));
  }
  return n;
}

// Pushes and captures; a promotion is one move (there is only one piece to
// promote to), and Sittuyin's pawns do not promote by moving.
int count_pawns(const Position& pos, const KingSafety& ks) {
  const Color us = pos.side_to_move();
  const Heading h = pawn_heading(us);
  const Bitboard them = pos.pieces(~us);
  const Bitboard empty = ~pos.pieces();
  const Bitboard free_ahead = core::shift(h, pos.pieces(us, PAWN) & ~ks.pinned);
  int n = core::popcount(free_ahead & empty) + core::popcount(core::shift(Heading::East, free_ahead) & them) +
          core::popcount(core::shift(Heading::West, free_ahead) & them);
  Bitboard pinned = pos.pieces(us, PAWN) & ks.pinned;
  while (pinned) {
    const Square from = core::pop_lsb(pinned);
    const Bitboard to = (core::pawn_push(h, from) & empty) | (core::pawn_attacks(h, from) & them);
    n += core::popcount(to & ks.ray_of(from));
  }
  return n;
}

int count_king(const Position& pos, const KingSafety& ks) {
  const Color us = pos.side_to_move();
  const Bitboard without_king = pos.pieces() ^ core::square_bb(ks.king);
  Bitboard to_set = core::leaper_attacks(core::Leaper::King, ks.king) & ~pos.pieces(us);
  int n = 0;
  while (to_set) n += !pos.attackers_to(core::pop_lsb(to_set), ~us, without_king);
  return n;
}

int count_listed(const Position& pos, const KingSafety& ks) {
  const RuleSet& r = pos.rules();
  MoveList list;
  if (r.first_moves) generate_first_moves(pos, list, false);
  if (r.sittuyin_promotion) generate_sittuyin_promotions(pos, list);
  int n = 0;
  for (const Move m : list) n += is_legal(pos, m, ks);
  return n;
}

template <Elephant E>
int count_out_of_check(const Position& pos, const KingSafety& ks) {
  const Bitboard targets = ~pos.pieces(pos.side_to_move());
  return count_pawns(pos, ks) + count_piece<HORSE, E>(pos, ks, targets) +
         count_piece<ELEPHANT, E>(pos, ks, targets) + count_piece<CHARIOT, E>(pos, ks, targets) +
         count_piece<MINISTER, E>(pos, ks, targets) + count_king(pos, ks) + count_listed(pos, ks);
}

int count_by_listing(const Position& pos) {
  MoveList list;
  generate_legal<GenKind::All>(pos, list);
  return int(list.size());
}

}  // namespace

int count_legal(const Position& pos) {
  const Color us = pos.side_to_move();
  const RuleSet& r = pos.rules();
  if (!r.royal_king || !pos.has_king(us) || pos.has_hand(us) || game_stopped(pos))
    return count_by_listing(pos);
  const KingSafety ks = king_safety(pos);
  if (ks.checkers) return count_by_listing(pos);
  switch (r.elephant) {
    case Elephant::Alfil: return count_out_of_check<Elephant::Alfil>(pos, ks);
    case Elephant::Silver: return count_out_of_check<Elephant::Silver>(pos, ks);
    case Elephant::Dabbaba: return count_out_of_check<Elephant::Dabbaba>(pos, ks);
  }
  return 0;
}

}  // namespace chaturanga
