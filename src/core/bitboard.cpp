#include "core/bitboard.h"

#include <array>
#include <mutex>

#include "core/rng.h"

namespace core {

Tables tables;
Magic rook_magics[SQUARE_COUNT];
Magic bishop_magics[SQUARE_COUNT];

namespace {

struct Step {
  int df;
  int dr;
};

Bitboard leaps(Square sq, std::initializer_list<Step> steps) {
  Bitboard b = 0;
  for (const Step s : steps) {
    const int f = file_of(sq) + s.df;
    const int r = rank_of(sq) + s.dr;
    if (is_ok(f, r)) b |= square_bb(make_square(f, r));
  }
  return b;
}

Bitboard slide(Square sq, Bitboard occupied, std::initializer_list<Step> rays) {
  Bitboard b = 0;
  for (const Step s : rays) {
    int f = file_of(sq) + s.df;
    int r = rank_of(sq) + s.dr;
    while (is_ok(f, r)) {
      const Square to = make_square(f, r);
      b |= square_bb(to);
      if (occupied & square_bb(to)) break;
      f += s.df;
      r += s.dr;
    }
  }
  return b;
}

constexpr std::initializer_list<Step> ROOK_RAYS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr std::initializer_list<Step> BISHOP_RAYS = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

Step heading_step(Heading h) {
  switch (h) {
    case Heading::North: return {0, 1};
    case Heading::East: return {1, 0};
    case Heading::South: return {0, -1};
    case Heading::West: return {-1, 0};
  }
  return {0, 0};
}

std::array<Bitboard, 0x19000> rook_table;
std::array<Bitboard, 0x1480> bishop_table;

// The edges of the board do not change a slider's attacks unless the slider
// stands on them, so they are left out of the mask.
void init_magics(Magic* magics, Bitboard* table, std::initializer_list<Step> rays) {
  Rng rng(728);
  Bitboard occupancy[4096];
  Bitboard reference[4096];
  int epoch[4096] = {};
  int attempt = 0;
  Bitboard* next_table = table;
  for (int s = 0; s < SQUARE_COUNT; ++s) {
    const Square sq = Square(s);
    const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(sq))) |
                           ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(sq)));
    Magic& m = magics[s];
    m.mask = slide(sq, 0, rays) & ~edges;
    m.shift = unsigned(64 - popcount(m.mask));
    m.attacks = next_table;
    int size = 0;
    Bitboard b = 0;
    do {  // Carry-Rippler enumeration of all subsets of the mask.
      occupancy[size] = b;
      reference[size] = slide(sq, b, rays);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    next_table += size;
    for (bool found = false; !found;) {
      m.magic = 0;
      while (popcount((m.magic * m.mask) >> 56) < 6) m.magic = rng.sparse();
      ++attempt;
      found = true;
      for (int i = 0; i < size; ++i) {
        const unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          m.attacks[idx] = reference[i];
        } else if (m.attacks[idx] != reference[i]) {
          found = false;
          break;
        }
      }
    }
  }
}

void init_once() {
  for (int s = 0; s < SQUARE_COUNT; ++s) {
    const Square sq = Square(s);
    auto& leaper = tables.leaper;
    leaper[int(Leaper::King)][s] =
        leaps(sq, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
    leaper[int(Leaper::Knight)][s] =
        leaps(sq, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}});
    leaper[int(Leaper::Ferz)][s] = leaps(sq, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
    leaper[int(Leaper::Alfil)][s] = leaps(sq, {{2, 2}, {2, -2}, {-2, 2}, {-2, -2}});
    leaper[int(Leaper::Wazir)][s] = leaps(sq, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
    leaper[int(Leaper::Dabbaba)][s] = leaps(sq, {{2, 0}, {-2, 0}, {0, 2}, {0, -2}});
    for (int h = 0; h < HEADING_COUNT; ++h) {
      const Step f = heading_step(Heading(h));
      // The two diagonal steps forward are the forward step plus a sideways one.
      const Step side = {f.dr, f.df};
      tables.pawn_push[h][s] = leaps(sq, {f});
      tables.pawn_attack[h][s] =
          leaps(sq, {{f.df + side.df, f.dr + side.dr}, {f.df - side.df, f.dr - side.dr}});
      tables.silver[h][s] = leaper[int(Leaper::Ferz)][s] | tables.pawn_push[h][s];
    }
  }
  init_magics(rook_magics, rook_table.data(), ROOK_RAYS);
  init_magics(bishop_magics, bishop_table.data(), BISHOP_RAYS);
}

}  // namespace

void init() {
  static std::once_flag flag;
  std::call_once(flag, init_once);
}

}  // namespace core
