// The pieces and moves of two-player Chaturanga and the games that descend
// from it. Every game of the family has the same six pieces; what a piece is
// called, which letter it has and how the elephant moves are the rule set's
// (chaturanga/rule_set.h).
#pragma once

#include <cstdint>

#include "core/types.h"

namespace chaturanga {

using core::Bitboard;
using core::Square;

enum Color : std::uint8_t { WHITE, BLACK };
constexpr int COLOR_COUNT = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Letters as in FEN, UCI and SAN of the seed game: p n b r q k (the rule set
// has each game's own). The elephant is Makruk's khon and the minister its met.
enum PieceType : std::uint8_t { PAWN, HORSE, ELEPHANT, CHARIOT, MINISTER, KING };
constexpr int PIECE_TYPE_COUNT = 6;

// A piece is colour * 8 + type; NO_PIECE marks an empty square.
enum Piece : std::uint8_t { NO_PIECE = 16 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }

// from (6 bits) | to (6 bits) | promotion flag | dropped type + 1 (3 bits, 0
// for a move on the board). Promotion is always to a minister, in every game
// of the family; a Sittuyin pawn may promote where it stands (from == to).
// A drop has no from square.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, bool promotion = false)
      : bits_(std::uint16_t(from | (to << 6) | (promotion << 12))) {}
  static constexpr Move none() { return Move(); }
  static constexpr Move drop(PieceType t, Square to) {
    Move m;
    m.bits_ = std::uint16_t((to << 6) | ((t + 1) << 13));
    return m;
  }

  constexpr Square from() const { return Square(bits_ & 63); }
  constexpr Square to() const { return Square((bits_ >> 6) & 63); }
  constexpr bool is_promotion() const { return (bits_ >> 12) & 1; }
  constexpr bool is_drop() const { return bits_ >> 13; }
  constexpr PieceType dropped() const { return PieceType((bits_ >> 13) - 1); }
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

constexpr int promotion_rank(Color c) { return c == WHITE ? 7 : 0; }
constexpr core::Heading pawn_heading(Color c) {
  return c == WHITE ? core::Heading::North : core::Heading::South;
}

}  // namespace chaturanga
