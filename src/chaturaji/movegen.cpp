#include "chaturaji/movegen.h"

namespace chaturaji {

using core::Leaper;

bool may_pass(const Position& pos) {
  if (pos.variant() == Variant::Dice) return true;
  MoveList list;
  generate(pos, list);
  return list.size() == 1 && list[0].type() == Move::Pass;
}

bool square_attacked_by_enemy(const Position& pos, int seat, Square sq, Bitboard occupied) {
  const SeatMask enemies = SeatMask(enemies_of(pos.rules().teams, seat) & pos.in());
  return pos.attackers_to(sq, enemies, occupied) != 0;
}

namespace {

// Receives targets a piece on `from` reaches; lists them or only counts them.
struct ListSink {
  MoveList& list;
  void add(Square from, Bitboard targets) {
    while (targets) list.push(Move(from, core::pop_lsb(targets)));
  }
  void promote(Square from, Bitboard targets, const PieceType* kinds, int count) {
    while (targets) {
      const Square to = core::pop_lsb(targets);
      for (int i = 0; i < count; ++i) list.push(Move::promotion(from, to, kinds[i]));
    }
  }
  void special(Move m) { list.push(m); }
  bool empty() const { return list.empty(); }
};

struct CountSink {
  int count = 0;
  void add(Square, Bitboard targets) { count += core::popcount(targets); }
  void promote(Square, Bitboard targets, const PieceType*, int n) { count += core::popcount(targets) * n; }
  void special(Move) { ++count; }
  bool empty() const { return count == 0; }
};

template <class Sink>
void pawn_moves(const Position& pos, int us, Bitboard pawns, Bitboard capturable, Sink& sink) {
  const RuleSet& r = pos.rules();
  const core::Heading h = pawn_heading(r, us);
  const Bitboard far = far_edge(r, us);
  const Bitboard empty = ~pos.pieces();
  while (pawns) {
    const Square from = core::pop_lsb(pawns);
    const Bitboard targets = (core::pawn_push(h, from) & empty) | (core::pawn_attacks(h, from) & capturable);
    if (!(targets & far)) {
      sink.add(from, targets);
    } else if (r.promotion == Promotion::BySquare) {
      for (Bitboard t = targets; t;) {
        const Square to = core::pop_lsb(t);
        const PieceType k = promotion_by_square(r, us, to);
        sink.promote(from, core::square_bb(to), &k, 1);
      }
    } else if (r.promotion == Promotion::Sailboat) {
      const PieceType k = ROOK;
      sink.promote(from, targets, &k, 1);
    } else {
      sink.promote(from, targets, r.promotion_choices.data(), r.promotion_choice_count);
    }
  }
}

template <PieceType K, class Sink>
void piece_moves(const Position& pos, int us, Bitboard target, Sink& sink) {
  const Bitboard occ = pos.pieces();
  for (Bitboard b = pos.pieces(us, K); b;) {
    const Square from = core::pop_lsb(b);
    Bitboard a;
    if constexpr (K == KNIGHT) a = core::leaper_attacks(Leaper::Knight, from);
    if constexpr (K == BOAT) a = core::leaper_attacks(Leaper::Alfil, from);
    if constexpr (K == ROOK) a = core::rook_attacks(from, occ);
    if constexpr (K == BISHOP) a = core::bishop_attacks(from, occ);
    if constexpr (K == KING) a = core::leaper_attacks(Leaper::King, from);
    sink.add(from, a & target);
  }
}

template <class Sink>
void points_moves(const Position& pos, Sink& sink) {
  if (pos.in_count() <= 1) return;
  const int us = pos.turn();
  const Bitboard own = pos.pieces(us);
  const Bitboard target = ~own;
  pawn_moves(pos, us, pos.pieces(us, PAWN), pos.pieces() & ~own, sink);
  piece_moves<KNIGHT>(pos, us, target, sink);
  piece_moves<BISHOP>(pos, us, target, sink);
  piece_moves<ROOK>(pos, us, target, sink);
  piece_moves<KING>(pos, us, target, sink);
  if (sink.empty()) sink.special(Move::special(Move::Pass));
}

template <class Sink>
void teams_moves(const Position& pos, Sink& sink) {
  const int us = pos.turn();
  if (pos.is_in(us)) {
    const Bitboard own = pos.pieces(us);
    const Bitboard target = ~own & ~pos.pieces(partner_of(us));
    pawn_moves(pos, us, pos.pieces(us, PAWN), pos.pieces() & target, sink);
    piece_moves<KNIGHT>(pos, us, target, sink);
    piece_moves<BOAT>(pos, us, target, sink);
    piece_moves<ROOK>(pos, us, target, sink);
    const Bitboard occ = pos.pieces();
    for (Bitboard b = pos.pieces(us, KING); b;) {
      const Square from = core::pop_lsb(b);
      Bitboard safe = 0;
      for (Bitboard t = core::leaper_attacks(Leaper::King, from) & target; t;) {
        const Square to = core::pop_lsb(t);
        if (!square_attacked_by_enemy(pos, us, to, occ ^ core::square_bb(from))) safe |= core::square_bb(to);
      }
      sink.add(from, safe);
    }
  }
  if (sink.empty()) sink.special(Move::special(Move::Pass));
}

template <class Sink>
void dice_moves(const Position& pos, Sink& sink) {
  const int us = pos.turn();
  if (!pos.has_king(us)) {
    if ((pos.reentry() & seat_bit(us)) && pos.moves_this_turn() == 0) {
      for (Bitboard t = ~pos.pieces(); t;) {
        const Square to = core::pop_lsb(t);
        sink.special(Move(to, to, Move::Drop));
      }
    }
  } else {
    const Bitboard target = ~pos.pieces(us) & ~pos.pieces(partner_of(us), KING);
    if (pos.die_allows(PAWN)) {
      pawn_moves(pos, us, pos.pieces(us, PAWN), pos.pieces() & target, sink);
      piece_moves<KING>(pos, us, target, sink);
    }
    if (pos.die_allows(KNIGHT)) piece_moves<KNIGHT>(pos, us, target, sink);
    if (pos.die_allows(BOAT)) piece_moves<BOAT>(pos, us, target, sink);
    if (pos.die_allows(ROOK)) piece_moves<ROOK>(pos, us, target, sink);
  }
  if (sink.empty()) sink.special(Move::special(Move::Pass));
}

template <class Sink>
void all_moves(const Position& pos, Sink& sink) {
  switch (pos.variant()) {
    case Variant::Points: points_moves(pos, sink); break;
    case Variant::Teams: teams_moves(pos, sink); break;
    case Variant::Dice: dice_moves(pos, sink); break;
  }
}

}  // namespace

void generate(const Position& pos, MoveList& list) {
  ListSink sink{list};
  all_moves(pos, sink);
}

int count_moves(const Position& pos) {
  CountSink sink;
  all_moves(pos, sink);
  return sink.count;
}

}  // namespace chaturaji
