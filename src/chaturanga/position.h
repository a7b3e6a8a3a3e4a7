// A Chaturanga position: a small copyable value. Making a move copies it
// (copy-make), so undo is dropping the copy.
#pragma once

#include <array>

#include "chaturanga/types.h"
#include "core/bitboard.h"
#include "core/zobrist.h"

namespace chaturanga {

class Position {
 public:
  static Position empty();
  static Position start();

  Piece piece_on(Square sq) const { return board_[sq]; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Color side_to_move() const { return side_; }
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  core::Key key() const { return key_; }

  bool has_king(Color c) const { return pieces(c, KING) != 0; }
  Square king_square(Color c) const { return core::lsb(pieces(c, KING)); }
  // Pieces other than the king: zero means a bare king.
  int material_count(Color c) const { return core::popcount(pieces(c) & ~pieces(KING)); }
  bool is_bare(Color c) const { return (pieces(c) & ~pieces(KING)) == 0; }

  // The pieces of colour `by` that attack `sq` given occupancy `occupied`.
  Bitboard attackers_to(Square sq, Color by, Bitboard occupied) const;
  Bitboard attackers_to(Square sq, Color by) const { return attackers_to(sq, by, pieces()); }
  bool king_attacked(Color c) const { return has_king(c) && attackers_to(king_square(c), ~c) != 0; }
  bool is_capture(Move m) const { return board_[m.to()] != NO_PIECE; }

  // Plays a pseudo-legal move in place.
  void play(Move m);
  Position after(Move m) const {
    Position next = *this;
    next.play(m);
    return next;
  }
  // Passes the turn (null move, for the search).
  void pass();

  // Setters for parsers and tests; they keep the key consistent.
  void put(Piece p, Square sq);
  void remove(Square sq);
  void set_side_to_move(Color c);
  void set_clocks(int halfmove_clock, int fullmove_number);

  bool operator==(const Position& other) const;

 private:
  std::array<Piece, core::SQUARE_COUNT> board_;
  Bitboard by_type_[PIECE_TYPE_COUNT];
  Bitboard by_color_[COLOR_COUNT];
  core::Key key_;
  std::uint16_t halfmove_clock_;
  std::uint16_t fullmove_number_;
  Color side_;
};

inline core::Key piece_key(Piece p, Square sq) { return core::ZOBRIST.piece_square[p][sq]; }

// Attack set of one piece of type t and colour c standing on sq.
inline Bitboard piece_attacks(PieceType t, Color c, Square sq, Bitboard occupied) {
  using core::Leaper;
  switch (t) {
    case PAWN: return core::pawn_attacks(pawn_heading(c), sq);
    case HORSE: return core::leaper_attacks(Leaper::Knight, sq);
    case ELEPHANT: return core::leaper_attacks(Leaper::Alfil, sq);
    case CHARIOT: return core::rook_attacks(sq, occupied);
    case MINISTER: return core::leaper_attacks(Leaper::Ferz, sq);
    case KING: return core::leaper_attacks(Leaper::King, sq);
  }
  return 0;
}

}  // namespace chaturanga
