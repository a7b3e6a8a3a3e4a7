// A position of a game of the Chaturanga family: a small copyable value.
// Making a move copies it (copy-make), so undo is dropping the copy. It keeps
// the index of its rule set; the state only some games need (pieces in hand,
// Cambodian first-move rights, the counting of Makruk and its kin) is zero
// for the others, and making a move looks at it only when the rule set has it.
#pragma once

#include <array>

#include "chaturanga/rule_set.h"
#include "chaturanga/types.h"
#include "core/bitboard.h"
#include "core/zobrist.h"

namespace chaturanga {

class Position {
 public:
  static Position empty(const RuleSet& rules = seed_rules());
  // The seed game's start position (fen.h has every game's).
  static Position start();

  const RuleSet& rules() const { return RULE_SETS[rules_]; }
  // The moves are plain pseudo-legal moves on the board (no royal king,
  // nothing in hand, no first leaps): move generation takes its fast path
  // without consulting the rules. The seed game's have the alfil elephant.
  bool plain_moves() const { return plain_moves_; }
  bool seed_moves() const { return seed_moves_; }
  Elephant elephant() const { return elephant_; }
  Piece piece_on(Square sq) const { return board_[sq]; }
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Color side_to_move() const { return side_; }
  // Plies since the last capture, pawn move, promotion or drop.
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  core::Key key() const { return key_; }
  // The key after pseudo-legal move m, without making it: the search
  // prefetches the child's table entry with it before making the move.
  core::Key key_after(Move m) const;

  bool has_king(Color c) const { return pieces(c, KING) != 0; }
  Square king_square(Color c) const { return core::lsb(pieces(c, KING)); }
  // Pieces other than the king: zero means a bare king.
  int material_count(Color c) const { return core::popcount(pieces(c) & ~pieces(KING)); }
  bool is_bare(Color c) const { return (pieces(c) & ~pieces(KING)) == 0; }

  // Pieces in hand (Sittuyin's set-up), at most 15 of a kind.
  int hand(Color c, PieceType t) const { return int((hand_[c] >> (4 * t)) & 15); }
  bool has_hand(Color c) const { return hand_[c] != 0; }
  // Cambodian: the squares whose piece has not moved yet, so may make its first leap.
  Bitboard gates(Color c) const { return Bitboard(gates_[c]) << (c == WHITE ? 0 : 56); }
  // Counting (Makruk and its kin): the limit in plies (0: not counting) and
  // the plies counted so far, as Fairy-Stockfish keeps them.
  int counting_limit() const { return counting_limit_; }
  int counting_ply() const { return counting_ply_; }

  // The pieces of colour `by` that attack `sq` given occupancy `occupied`.
  Bitboard attackers_to(Square sq, Color by, Bitboard occupied) const;
  Bitboard attackers_to(Square sq, Color by) const { return attackers_to(sq, by, pieces()); }
  bool king_attacked(Color c) const { return has_king(c) && attackers_to(king_square(c), ~c) != 0; }
  // In check: the side to move's king is attacked in a game with a royal king.
  bool in_check() const { return rules().royal_king && king_attacked(side_); }
  bool is_capture(Move m) const { return !m.is_drop() && m.from() != m.to() && board_[m.to()] != NO_PIECE; }
  // The squares a piece of type t and colour c on sq attacks, as this game moves it.
  Bitboard attacks_from(PieceType t, Color c, Square sq, Bitboard occupied) const;

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
  void set_hand(Color c, PieceType t, int count);
  void set_gate(Color c, int file, bool open);
  void set_counting(int limit, int ply);

  bool operator==(const Position& other) const;

 private:
  void play_with_extras(Move m);
  void update_counting(Color mover, Piece captured, bool promotion);

  std::array<Piece, core::SQUARE_COUNT> board_;
  Bitboard by_type_[PIECE_TYPE_COUNT];
  Bitboard by_color_[COLOR_COUNT];
  core::Key key_;
  std::uint16_t halfmove_clock_;
  std::uint16_t fullmove_number_;
  std::uint16_t counting_ply_;
  Color side_;
  std::uint8_t rules_;
  Elephant elephant_;  // copied from the rule set: attackers_to needs it often
  bool extras_;        // the rule set has state beyond placement and clocks
  bool plain_moves_;
  bool seed_moves_;  // plain, with the alfil: one test for the default game
  std::uint8_t counting_limit_;
  std::uint8_t gates_[COLOR_COUNT];  // by file, on the owner's back rank
  std::uint32_t hand_[COLOR_COUNT];  // four bits per piece type
};

inline core::Key piece_key(Piece p, Square sq) { return core::ZOBRIST.piece_square[p][sq]; }
// The key of `count` pieces p in hand (none: no key, so positions without
// pockets keep their keys).
inline core::Key hand_key(Piece p, int count) {
  return count ? core::ZOBRIST.piece_square[16 + p][count] : 0;
}

inline core::Key Position::key_after(Move m) const {
  const core::Key turn = core::ZOBRIST.side[0];
  if (m.is_drop()) {
    const Piece p = make_piece(side_, m.dropped());
    const int left = hand(side_, m.dropped());
    return key_ ^ turn ^ piece_key(p, m.to()) ^ hand_key(p, left) ^ hand_key(p, left - 1);
  }
  const Piece moved = board_[m.from()];
  const Piece captured = m.from() != m.to() ? board_[m.to()] : NO_PIECE;
  const Piece placed = m.is_promotion() ? make_piece(side_, MINISTER) : moved;
  core::Key k = key_ ^ turn ^ piece_key(moved, m.from()) ^ piece_key(placed, m.to());
  if (captured != NO_PIECE) k ^= piece_key(captured, m.to());
  return k;
}

// The seed game's attack set of one piece of type t and colour c on sq (the
// alfil elephant); Position::attacks_from has every game's.
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

// The squares an elephant of colour c on sq reaches.
template <Elephant E>
inline Bitboard elephant_attacks(Color c, Square sq) {
  if constexpr (E == Elephant::Alfil) return core::leaper_attacks(core::Leaper::Alfil, sq);
  if constexpr (E == Elephant::Silver) return core::silver_attacks(pawn_heading(c), sq);
  return core::leaper_attacks(core::Leaper::Dabbaba, sq);
}

// The squares a piece of type T and colour c on sq reaches in a game whose elephant is E.
template <PieceType T, Elephant E>
inline Bitboard attacks_of(Color c, Square sq, Bitboard occupied) {
  if constexpr (T == ELEPHANT)
    return elephant_attacks<E>(c, sq);
  else
    return piece_attacks(T, c, sq, occupied);
}

// The moves of the side to move's pieces of type T on `from_set` onto `targets`, counted.
template <PieceType T, Elephant E>
inline int count_piece_moves(const Position& pos, Bitboard from_set, Bitboard targets) {
  const Color us = pos.side_to_move();
  int n = 0;
  while (from_set) n += core::popcount(attacks_of<T, E>(us, core::pop_lsb(from_set), pos.pieces()) & targets);
  return n;
}

}  // namespace chaturanga
