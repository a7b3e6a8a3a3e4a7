// What earlier nodes learnt about quiet moves: killers, butterfly history,
// counter moves and continuation history (how good a quiet move was as a
// reply to the move one ply and two plies before it, both named by the
// piece moved and its target square). Each search thread has its own.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "chaturanga/position.h"
#include "chaturanga/types.h"
#include "search/chaturanga/vocabulary.h"
#include "search/score.h"

namespace search::chaturanga {

constexpr int HISTORY_MAX = 16384;

// A move as continuation history names it: the piece moved (or dropped) and
// its target square. NO_CONT for no move (the root, a null move).
constexpr int CONT_KEYS = 16 * 64;
constexpr int NO_CONT = -1;
inline int cont_key(const chaturanga::Position& pos, chaturanga::Move m) {
  const chaturanga::Piece piece =
      m.is_drop() ? chaturanga::make_piece(pos.side_to_move(), m.dropped()) : pos.piece_on(m.from());
  return int(piece) * 64 + int(m.to());
}

// The continuation rows a node reads and updates: those of the moves one and
// two plies before it, null where there was none.
struct ContRows {
  std::int16_t* one = nullptr;
  std::int16_t* two = nullptr;
};

// The continuation histories, by the earlier move's key then the reply's:
// 2 MiB, so a search thread takes it when it first searches (threads that
// never start take none), and searches without it where the system refuses it.
struct ContinuationHistory {
  std::int16_t table[CONT_KEYS][CONT_KEYS];
  void clear() { std::memset(table, 0, sizeof table); }
};

struct History {
  std::int16_t butterfly[chaturanga::COLOR_COUNT][64][64];
  chaturanga::Move counter[64][64];  // reply to the previous move (from, to)
  chaturanga::Move killers[MAX_PLY + 8][2];

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }

  // Gravity update: entries saturate at +-HISTORY_MAX.
  static void gravity(std::int16_t& entry, int bonus) {
    const int clamped = std::clamp(bonus, -HISTORY_MAX, HISTORY_MAX);
    entry = std::int16_t(entry + clamped - entry * std::abs(clamped) / HISTORY_MAX);
  }
  void update(chaturanga::Color us, chaturanga::Move m, int bonus) {
    gravity(butterfly[us][m.from()][m.to()], bonus);
  }
  void update(const ContRows& rows, int key, int bonus) {
    if (rows.one) gravity(rows.one[key], bonus);
    if (rows.two) gravity(rows.two[key], bonus);
  }
  int score(chaturanga::Color us, chaturanga::Move m) const { return butterfly[us][m.from()][m.to()]; }
  // A quiet move's whole history: butterfly and both continuations.
  int score(chaturanga::Color us, chaturanga::Move m, const ContRows& rows, int key) const {
    return score(us, m) + (rows.one ? rows.one[key] : 0) + (rows.two ? rows.two[key] : 0);
  }

  void add_killer(int ply, chaturanga::Move m) {
    if (killers[ply][0] == m) return;
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = m;
  }
};

}  // namespace search::chaturanga
