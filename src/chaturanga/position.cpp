#include "chaturanga/position.h"

namespace chaturanga {

using core::Leaper;

Position Position::empty() {
  core::init();
  Position pos;
  pos.board_.fill(NO_PIECE);
  for (Bitboard& b : pos.by_type_) b = 0;
  for (Bitboard& b : pos.by_color_) b = 0;
  pos.key_ = 0;
  pos.halfmove_clock_ = 0;
  pos.fullmove_number_ = 1;
  pos.side_ = WHITE;
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
  // a pawn of `by` attacks sq if a pawn of the other colour on sq would attack it.
  return (core::pawn_attacks(pawn_heading(~by), sq) & by_type_[PAWN] & them) |
         (core::leaper_attacks(Leaper::Knight, sq) & by_type_[HORSE] & them) |
         (core::leaper_attacks(Leaper::Alfil, sq) & by_type_[ELEPHANT] & them) |
         (core::leaper_attacks(Leaper::Ferz, sq) & by_type_[MINISTER] & them) |
         (core::leaper_attacks(Leaper::King, sq) & by_type_[KING] & them) |
         (core::rook_attacks(sq, occupied) & by_type_[CHARIOT] & them);
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

void Position::play(Move m) {
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

void Position::pass() {
  key_ ^= core::ZOBRIST.side[0];
  ++halfmove_clock_;
  fullmove_number_ += side_;
  side_ = ~side_;
}

bool Position::operator==(const Position& other) const {
  return board_ == other.board_ && side_ == other.side_ && halfmove_clock_ == other.halfmove_clock_ &&
         fullmove_number_ == other.fullmove_number_;
}

}  // namespace chaturanga
