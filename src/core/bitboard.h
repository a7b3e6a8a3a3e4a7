// Bitboard helpers and precomputed attack tables for every leaper and slider
// used by the games of this project. Call core::init() once before use.
#pragma once

#include <bit>

#include "core/types.h"

namespace core {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  const Square sq = lsb(b);
  b &= b - 1;
  return sq;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Leapers: the squares a piece on `sq` reaches, whatever stands in between.
// The dabbaba jumps exactly two squares straight.
enum class Leaper : std::uint8_t { King, Knight, Ferz, Alfil, Wazir, Dabbaba };
constexpr int LEAPER_COUNT = 6;

struct Tables {
  Bitboard leaper[LEAPER_COUNT][SQUARE_COUNT];
  Bitboard pawn_push[HEADING_COUNT][SQUARE_COUNT];
  Bitboard pawn_attack[HEADING_COUNT][SQUARE_COUNT];
  // The silver general (Makruk's khon): one step diagonally or one straight
  // ahead, so it depends on the way its owner faces.
  Bitboard silver[HEADING_COUNT][SQUARE_COUNT];
};
extern Tables tables;

inline Bitboard leaper_attacks(Leaper kind, Square sq) { return tables.leaper[static_cast<int>(kind)][sq]; }
inline Bitboard pawn_push(Heading h, Square sq) { return tables.pawn_push[static_cast<int>(h)][sq]; }
inline Bitboard pawn_attacks(Heading h, Square sq) { return tables.pawn_attack[static_cast<int>(h)][sq]; }
inline Bitboard silver_attacks(Heading h, Square sq) { return tables.silver[static_cast<int>(h)][sq]; }

// Sliders, by fancy magic bitboards (magics found at start-up with a fixed seed).
struct Magic {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};
extern Magic rook_magics[SQUARE_COUNT];
extern Magic bishop_magics[SQUARE_COUNT];

inline Bitboard rook_attacks(Square sq, Bitboard occupied) {
  const Magic& m = rook_magics[sq];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square sq, Bitboard occupied) {
  const Magic& m = bishop_magics[sq];
  return m.attacks[m.index(occupied)];
}

// Shifts a whole set one step towards `h`, dropping what leaves the board.
constexpr Bitboard shift(Heading h, Bitboard b) {
  switch (h) {
    case Heading::North: return b << 8;
    case Heading::South: return b >> 8;
    case Heading::East: return (b & ~file_bb(7)) << 1;
    case Heading::West: return (b & ~FILE_A_BB) >> 1;
  }
  return 0;
}

// Fills the tables; idempotent and thread-safe.
void init();

}  // namespace core
