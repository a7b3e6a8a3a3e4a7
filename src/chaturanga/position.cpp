#include "chaturanga/position.h"

#include "chaturanga/counting.h"

namespace chaturanga {

using core::Leaper;

Position Position::empty(const RuleSet& rules) {
  core::init();
  Position pos;
  pos.board_.fill(NO_PIECE);
  for (Bitboard& b : pos.by_type_) b = 0;
  for (Bitboard& b : pos.by_color_) b = 0;
  pos.key_ = 0;
  pos.halfmove_clock_ = 0;
  pos.fullmove_number_ = 1;
  pos.counting_ply_ = 0;
  pos.side_ = WHITE;
  pos.rules_ = rule_set_index(rules);
  pos.elephant_ = rules.elephant;
  pos.extras_ = rules.has_extras();
  pos.plain_moves_ = !rules.royal_king && !pos.extras_;
  pos.seed_moves_ = pos.plain_moves_ && rules.elephant == Elephant::Alfil;
  pos.counting_limit_ = 0;
  pos.gates_[WHITE] = pos.gates_[BLACK] = 0;
  pos.hand_[WHITE] = pos.hand_[BLACK] = 0;
  return pos;
}

Position Position::start() {
  Position pos = empty();
  constexpr PieceType BACK[8] = {CHARIOT, HORSE, ELEPHANT, MINISTER, KING, ELEPHANT, HORSE, CHARIOT};
  for (int f = 0; f < 8; ++f) {
    pos.put(make_piece(WHITE, BACK[f]), core::make_square(f, 0));
    pos.put(make_piece(WHITE, PAWN), core::make_square(f, 1));
    pos.put(make_piece(BLACK, PAWN), core::make_square(f, 6));
  }
  // Black's king and minister do not mirror White's: the king is on d8.
  constexpr PieceType BLACK_BACK[8] = {CHARIOT, HORSE, ELEPHANT, KING, MINISTER, ELEPHANT, HORSE, CHARIOT};
  for (int f = 0; f < 8; ++f) pos.put(make_piece(BLACK, BLACK_BACK[f]), core::make_square(f, 7));
  return pos;
}

Bitboard Position::attackers_to(Square sq, Color by, Bitboard occupied) const {
  const Bitboard them = by_color_[by];
  // Leapers are symmetric, so the attackers of sq are found from sq itself;
  // a pawn (or silver) of `by` attacks sq if one of the other colour on sq
  // would attack its square.
  Bitboard elephants = 0;
  switch (elephant_) {
    case Elephant::Alfil: elephants = core::leaper_attacks(Leaper::Alfil, sq); break;
    case Elephant::Silver: elephants = core::silver_attacks(pawn_heading(~by), sq); break;
    case Elephant::Dabbaba: elephants = core::leaper_attacks(Leaper::Dabbaba, sq); break;
  }
  return (core::pawn_attacks(pawn_heading(~by), sq) & by_type_[PAWN] & them) |
         (core::leaper_attacks(Leaper::Knight, sq) & by_type_[HORSE] & them) |
         (elephants & by_type_[ELEPHANT] & them) |
         (core::leaper_attacks(Leaper::Ferz, sq) & by_type_[MINISTER] & them) |
         (core::leaper_attacks(Leaper::King, sq) & by_type_[KING] & them) |
         (core::rook_attacks(sq, occupied) & by_type_[CHARIOT] & them);
}

Bitboard Position::attacks_from(PieceType t, Color c, Square sq, Bitboard occupied) const {
  if (t != ELEPHANT) return piece_attacks(t, c, sq, occupied);
  switch (elephant_) {
    case Elephant::Alfil: return elephant_attacks<Elephant::Alfil>(c, sq);
    case Elephant::Silver: return elephant_attacks<Elephant::Silver>(c, sq);
    case Elephant::Dabbaba: return elephant_attacks<Elephant::Dabbaba>(c, sq);
  }
  return 0;
}

void Position::put(Piece p, Square sq) {
  board_[sq] = p;
  by_type_[type_of(p)] |= core::square_bb(sq);
  by_color_[color_of(p)] |= core::square_bb(sq);
  key_ ^= piece_key(p, sq);
}

void Position::remove(Square sq) {
  const Piece p = board_[sq];
  if (p == NO_PIECE) return;
  board_[sq] = NO_PIECE;
  by_type_[type_of(p)] ^= core::square_bb(sq);
  by_color_[color_of(p)] ^= core::square_bb(sq);
  key_ ^= piece_key(p, sq);
}

void Position::set_side_to_move(Color c) {
  if (c != side_) key_ ^= core::ZOBRIST.side[0];
  side_ = c;
}

void Position::set_clocks(int halfmove_clock, int fullmove_number) {
  halfmove_clock_ = std::uint16_t(halfmove_clock);
  fullmove_number_ = std::uint16_t(fullmove_number);
}

void Position::set_hand(Color c, PieceType t, int count) {
  const Piece p = make_piece(c, t);
  key_ ^= hand_key(p, hand(c, t)) ^ hand_key(p, count);
  hand_[c] = (hand_[c] & ~(std::uint32_t{15} << (4 * t))) | (std::uint32_t(count) << (4 * t));
}

void Position::set_gate(Color c, int file, bool open) {
  gates_[c] = std::uint8_t(open ? gates_[c] | (1u << file) : gates_[c] & ~(1u << file));
}

void Position::set_counting(int limit, int ply) {
  counting_limit_ = std::uint8_t(limit);
  counting_ply_ = std::uint16_t(ply);
}

void Position::play(Move m) {
  if (extras_) [[unlikely]] {
    play_with_extras(m);
    return;
  }
  const Square from = m.from();
  const Square to = m.to();
  const Piece moved = board_[from];
  const Piece captured = board_[to];
  const Bitboard from_to = core::square_bb(from) | core::square_bb(to);

  if (captured != NO_PIECE) {
    by_type_[type_of(captured)] ^= core::square_bb(to);
    by_color_[color_of(captured)] ^= core::square_bb(to);
    key_ ^= piece_key(captured, to);
  }
  const Piece placed = m.is_promotion() ? make_piece(side_, MINISTER) : moved;
  by_type_[type_of(moved)] ^= core::square_bb(from);
  by_type_[type_of(placed)] ^= core::square_bb(to);
  by_color_[side_] ^= from_to;
  board_[from] = NO_PIECE;
  board_[to] = placed;
  key_ ^= piece_key(moved, from) ^ piece_key(placed, to) ^ core::ZOBRIST.side[0];

  halfmove_clock_ = (captured != NO_PIECE || type_of(moved) == PAWN) ? 0 : halfmove_clock_ + 1;
  fullmove_number_ += side_;
  side_ = ~side_;
}

// Drops, promotions where the pawn stands, first-move rights and counting.
void Position::play_with_extras(Move m) {
  const Color us = side_;
  const Color them = ~us;
  const Square to = m.to();
  Piece captured = NO_PIECE;
  if (counting_limit_) ++counting_ply_;
  if (m.is_drop()) {
    set_hand(us, m.dropped(), hand(us, m.dropped()) - 1);
    put(make_piece(us, m.dropped()), to);
    halfmove_clock_ = 0;
  } else {
    const Square from = m.from();
    const Piece moved = board_[from];
    if (from != to) captured = board_[to];
    remove(to == from ? from : to);
    if (to != from) remove(from);
    put(m.is_promotion() ? make_piece(us, MINISTER) : moved, to);
    halfmove_clock_ = (captured != NO_PIECE || type_of(moved) == PAWN) ? 0 : halfmove_clock_ + 1;
    if (rules().first_moves) {
      // A piece that moves loses its first leap, and so does one taken on its
      // square; a chariot that comes to the enemy king's rank or file (on an
      // empty board) takes the king's leap away.
      if (gates(us) & core::square_bb(from)) set_gate(us, core::file_of(from), false);
      if (gates(them) & core::square_bb(to)) set_gate(them, core::file_of(to), false);
      if (type_of(moved) == CHARIOT && has_king(them) && (gates(them) & pieces(them, KING)) &&
          (core::rook_attacks(to, 0) & pieces(them, KING)))
        set_gate(them, core::file_of(king_square(them)), false);
    }
  }
  key_ ^= core::ZOBRIST.side[0];
  fullmove_number_ += us;
  side_ = them;
  if (rules().counting != Counting::None) update_counting(us, captured, m.is_promotion());
}

void Position::update_counting(Color mover, Piece captured, bool promotion) {
  const Counting rule = rules().counting;
  const Color counter = side_;
  const int all = core::popcount(pieces());
  // The mover, bare, has just taken the last pawn: it counts from the pieces on the board.
  if (rule != Counting::Asean && captured != NO_PIECE && type_of(captured) == PAWN &&
      core::popcount(pieces(mover)) == 1 && !pieces(PAWN))
    if (const int limit = counting_limit_in_moves(*this, rule, mover)) {
      counting_limit_ = std::uint8_t(2 * limit);
      counting_ply_ = std::uint16_t(2 * all - 1);
    }
  const bool newly_bare = (captured != NO_PIECE || promotion) && core::popcount(pieces(counter)) == 1;
  if (!counting_limit_ || newly_bare)
    if (const int limit = counting_limit_in_moves(*this, rule, counter)) {
      counting_limit_ = std::uint8_t(2 * limit);
      counting_ply_ =
          std::uint16_t(rule == Counting::Asean || core::popcount(pieces(counter)) > 1 ? 0 : 2 * all);
    }
}

void Position::pass() {
  key_ ^= core::ZOBRIST.side[0];
  ++halfmove_clock_;
  fullmove_number_ += side_;
  side_ = ~side_;
}

bool Position::operator==(const Position& other) const {
  return board_ == other.board_ && side_ == other.side_ && halfmove_clock_ == other.halfmove_clock_ &&
         fullmove_number_ == other.fullmove_number_ && rules_ == other.rules_ &&
         hand_[WHITE] == other.hand_[WHITE] && hand_[BLACK] == other.hand_[BLACK] &&
         gates_[WHITE] == other.gates_[WHITE] && gates_[BLACK] == other.gates_[BLACK] &&
         counting_limit_ == other.counting_limit_ && counting_ply_ == other.counting_ply_;
}

}  // namespace chaturanga
