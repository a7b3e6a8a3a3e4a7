// What earlier nodes learnt about quiet moves: killers, butterfly history and
// counter moves. Each search thread has its own.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "chaturanga/types.h"
#include "search/chaturanga/vocabulary.h"
#include "search/score.h"

namespace search::chaturanga {

constexpr int HISTORY_MAX = 16384;

struct History {
  std::int16_t butterfly[chaturanga::COLOR_COUNT][64][64];
  chaturanga::Move counter[64][64];  // reply to the previous move (from, to)
  chaturanga::Move killers[MAX_PLY + 8][2];

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }

  // Gravity update: entries saturate at +-HISTORY_MAX.
  void update(chaturanga::Color us, chaturanga::Move m, int bonus) {
    std::int16_t& entry = butterfly[us][m.from()][m.to()];
    const int clamped = std::clamp(bonus, -HISTORY_MAX, HISTORY_MAX);
    entry = std::int16_t(entry + clamped - entry * std::abs(clamped) / HISTORY_MAX);
  }
  int score(chaturanga::Color us, chaturanga::Move m) const { return butterfly[us][m.from()][m.to()]; }

  void add_killer(int ply, chaturanga::Move m) {
    if (killers[ply][0] == m) return;
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = m;
  }
};

}  // namespace search::chaturanga
