// Geometry vocabulary shared by every game: squares, files, ranks, bitboards.
// Nothing here knows a rule.
#pragma once

#include <cstdint>

namespace core {

using Bitboard = std::uint64_t;

// a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : int { NO_SQUARE = 64 };
constexpr int SQUARE_COUNT = 64;

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square sq) { return sq & 7; }
constexpr int rank_of(Square sq) { return sq >> 3; }
constexpr bool is_ok(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// The four directions a pawn can face; the two-player game uses North and South.
enum class Heading : std::uint8_t { North, East, South, West };
constexpr int HEADING_COUNT = 4;

constexpr Bitboard square_bb(Square sq) { return Bitboard{1} << sq; }

}  // namespace core
