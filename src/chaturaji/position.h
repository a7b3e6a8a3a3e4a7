// A four-handed position: a small copyable value holding everything the rules
// need (board, whose turn, who is still in, scores or stakes, clock, dice).
// Making a move copies it (copy-make), so undo is dropping the copy.
#pragma once

#include <array>

#include "chaturaji/rules.h"
#include "chaturaji/types.h"
#include "core/bitboard.h"
#include "core/zobrist.h"

namespace chaturaji {

// Faces of a long die: 2 boat, 3 knight, 4 rook, 5 king or pawn.
struct Throw {
  std::uint8_t first = 2;
  std::uint8_t second = 2;
  bool operator==(const Throw&) const = default;
};
constexpr int die_face(PieceType k) {
  switch (k) {
    case BOAT: return 2;
    case KNIGHT: return 3;
    case ROOK: return 4;
    default: return 5;
  }
}

class Position {
 public:
  static constexpr int RING_CAPACITY = 8;

  static Position empty(Variant v);
  static Position start(Variant v);

  Variant variant() const { return variant_; }
  const RuleSet& rules() const { return chaturaji::rules(variant_); }

  Piece piece_on(Square sq) const { return board_[sq]; }
  Bitboard pieces() const { return by_seat_[0] | by_seat_[1] | by_seat_[2] | by_seat_[3]; }
  Bitboard pieces(int seat) const { return by_seat_[seat]; }
  Bitboard pieces(PieceType k) const { return by_type_[k]; }
  Bitboard pieces(int seat, PieceType k) const { return by_seat_[seat] & by_type_[k]; }
  Bitboard pieces_of(SeatMask seats) const;

  int turn() const { return turn_; }
  // Players still in: they move, they score, their pieces attack. In `teams`
  // and `dice` a player is in while it has a king.
  SeatMask in() const { return in_; }
  bool is_in(int seat) const { return (in_ >> seat) & 1; }
  int in_count() const { return std::popcount(unsigned(in_)); }
  // Points (`points`) or net throne stakes (`dice`); zero in `teams`.
  int score(int seat) const { return score_[seat]; }
  // Turns since the last capture or pawn move.
  int clock() const { return clock_; }
  SeatMask resigned() const { return resigned_; }
  int claimant() const { return claimant_; }
  bool has_king(int seat) const { return pieces(seat, KING) != 0; }

  // Dice state: the dice of this turn, which of them are still unused (bit 0
  // first, bit 1 second), and the ring of throws the turns after this one use.
  Throw dice() const { return ring_[ring_pos_]; }
  int dice_left() const { return dice_left_; }
  bool die_allows(PieceType k) const;
  int ring_size() const { return ring_size_; }
  Throw ring(int i) const { return ring_[i]; }
  int ring_pos() const { return ring_pos_; }
  int kings_lost(int seat) const { return kings_lost_[seat]; }
  // Seats without a king that may put it back on their next turn.
  SeatMask reentry() const { return reentry_; }
  // thrones(s) has bit e when s has taken the stake of e's throne.
  SeatMask thrones(int seat) const { return thrones_[seat]; }
  int moves_this_turn() const { return moves_this_turn_; }

  // The pieces of the seats in `by` that attack `sq` with occupancy `occupied`,
  // whether or not those seats are still in (callers mask them).
  Bitboard attackers_to(Square sq, SeatMask by, Bitboard occupied) const;
  Bitboard attackers_to(Square sq, SeatMask by) const { return attackers_to(sq, by, pieces()); }

  // Plays a move generate() produced (or resign, timeout, claim) in place,
  // with every rule: scores, check bonus, stakes, who is out, whose turn.
  void play(Move m);
  Position after(Move m) const {
    Position next = *this;
    next.play(m);
    return next;
  }
  // The same board effect and turn as play(), without scores, bonus, stakes
  // or clock: what perft needs, for `points` only.
  void play_board_only(Move m);

  // The hash of everything that makes positions equal for repetition.
  core::Key key() const;

  // Setters for parsers, the game and tests.
  void put(Piece p, Square sq);
  void remove(Square sq);
  void set_turn(int seat) { turn_ = std::uint8_t(seat); }
  void set_in(SeatMask in) { in_ = in; }
  // Scores (points, or stakes in `dice`) stay within ±SCORE_LIMIT; the
  // notations reject anything larger rather than wrap it.
  static constexpr int SCORE_LIMIT = 9999;
  void set_score(int seat, int score) { score_[seat] = std::int16_t(score); }
  void set_clock(int clock) { clock_ = std::uint16_t(clock); }
  void set_resigned(SeatMask m) { resigned_ = m; }
  // Replaces the ring of throws; the first is this turn's.
  void set_throws(const Throw* throws, int count, int dice_left = 3);
  // Replaces the dice of this turn only.
  void set_dice(Throw t, int dice_left = 3);
  void set_kings_lost(int seat, int n) { kings_lost_[seat] = std::uint8_t(n); }
  void set_reentry(SeatMask m) { reentry_ = m; }
  void set_thrones(int seat, SeatMask m) { thrones_[seat] = m; }
  void set_moves_this_turn(int n) { moves_this_turn_ = std::uint8_t(n); }

  // The seats whose turns are not skipped.
  SeatMask movers() const { return variant_ == Variant::Dice ? SeatMask(in_ | reentry_) : in_; }
  // The next seat after `seat` whose turn is not skipped.
  int next_mover(int seat) const;

  bool operator==(const Position& other) const;

 private:
  void move_piece(Square from, Square to, Piece p, Piece captured);
  void end_turn(bool irreversible);
  void resign_turn(int seat);
  void play_points(Move m);
  void play_teams(Move m);
  void play_dice(Move m);
  void capture_king_dice(int owner);

  std::array<Piece, core::SQUARE_COUNT> board_;
  Bitboard by_seat_[SEAT_COUNT];
  Bitboard by_type_[PIECE_TYPE_COUNT];
  core::Key piece_key_ = 0;
  std::array<std::int16_t, SEAT_COUNT> score_{};
  std::array<Throw, RING_CAPACITY> ring_{};
  std::array<std::uint8_t, SEAT_COUNT> kings_lost_{};
  std::array<SeatMask, SEAT_COUNT> thrones_{};
  std::uint16_t clock_ = 0;
  Variant variant_ = Variant::Points;
  std::uint8_t turn_ = 0;
  SeatMask in_ = ALL_SEATS;
  SeatMask resigned_ = 0;
  SeatMask reentry_ = 0;
  std::int8_t claimant_ = -1;
  std::uint8_t dice_left_ = 3;
  std::uint8_t ring_size_ = 1;
  std::uint8_t ring_pos_ = 0;
  std::uint8_t moves_this_turn_ = 0;
  bool turn_irreversible_ = false;
};

inline core::Key piece_key(Piece p, Square sq) { return core::ZOBRIST.piece_square[p][sq]; }

// The squares a piece of kind k of `seat` attacks from sq (pawns: their
// capture squares), with occupancy `occupied`.
Bitboard piece_attacks(const RuleSet& r, int seat, PieceType k, Square sq, Bitboard occupied);

// The square a seat's king starts on.
Square king_start(const RuleSet& r, int seat);

}  // namespace chaturaji
