// The pieces, seats and moves of four-handed Chaturaji. Seats are numbered in
// turn order (seat 0 moves first); which edge and colour a seat has is data of
// the rule set (chaturaji/rules.h).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chaturaji {

using core::Bitboard;
using core::Square;

enum Seat : std::uint8_t { SEAT_NONE = 4 };
constexpr int SEAT_COUNT = 4;
// A set of seats, bit s for seat s.
using SeatMask = std::uint8_t;
constexpr SeatMask ALL_SEATS = 0xF;
constexpr SeatMask seat_bit(int s) { return SeatMask(1u << s); }
// Seats 0 and 2 play together against seats 1 and 3 where there are teams.
constexpr int partner_of(int s) { return s ^ 2; }

// Boat jumps two squares diagonally (alfil); Rook also stands for the
// sailboat of `points`; Bishop is a full diagonal slider.
enum PieceType : std::uint8_t { PAWN, KNIGHT, BOAT, ROOK, BISHOP, KING };
constexpr int PIECE_TYPE_COUNT = 6;

// A piece is seat * 8 + kind; NO_PIECE marks an empty square.
enum Piece : std::uint8_t { NO_PIECE = 32 };
constexpr Piece make_piece(int seat, PieceType k) { return Piece(seat * 8 + k); }
constexpr int seat_of(Piece p) { return p >> 3; }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// from (6 bits) | to (6 bits) | type (4 bits). Drops (king re-entry) have
// from == to. Pass, resign, timeout and claim have no squares.
class Move {
 public:
  // Unscoped so that callers write Move::Pass.
  // NOLINTBEGIN(readability-identifier-naming)
  enum Type : std::uint8_t {
    Normal,
    PromoKnight,  // promotion to the kind (type - PromoKnight + KNIGHT)
    PromoBoat,
    PromoRook,
    PromoBishop,
    PromoKing,
    Drop,  // a king put back on an empty square (dice)
    Pass,
    Resign,
    Timeout,
    Claim,  // claim win (points)
  };
  // NOLINTEND(readability-identifier-naming)

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Type type = Normal)
      : bits_(std::uint16_t(from | (to << 6) | (type << 12))) {}
  static constexpr Move none() { return Move(); }
  static constexpr Move special(Type t) { return Move(Square(0), Square(0), t); }
  static constexpr Move promotion(Square from, Square to, PieceType k) {
    return Move(from, to, Type(PromoKnight + (k - KNIGHT)));
  }

  constexpr Square from() const { return Square(bits_ & 63); }
  constexpr Square to() const { return Square((bits_ >> 6) & 63); }
  constexpr Type type() const { return Type(bits_ >> 12); }
  constexpr bool is_promotion() const { return type() >= PromoKnight && type() <= PromoKing; }
  constexpr PieceType promoted_to() const { return PieceType(type() - PromoKnight + KNIGHT); }
  // A move of a piece on the board (normal or promotion).
  constexpr bool is_board_move() const { return type() <= PromoKing; }
  constexpr std::uint16_t raw() const { return bits_; }
  static constexpr Move from_raw(std::uint16_t raw) {
    Move m;
    m.bits_ = raw;
    return m;
  }
  constexpr bool operator==(const Move&) const = default;
  constexpr explicit operator bool() const { return bits_ != 0; }

 private:
  std::uint16_t bits_ = 0;
};

}  // namespace chaturaji
