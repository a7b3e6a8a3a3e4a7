// Move ordering shared by the four-handed searches: the hash move, then
// captures and promotions by victim, then killers, then quiet moves by
// history. Moves are scored once and sorted in place (lists are short).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "chaturaji/movegen.h"
#include "search/budget.h"
#include "search/chaturaji/eval.h"
#include "search/chaturaji/result.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

struct ScoredMove {
  Move move;
  int score;
};

// Killers per ply and history per seat, from and to square.
class OrderingTables {
 public:
  void clear() {
    for (auto& k : killers_) k = {};
    for (auto& h : history_) h.fill(0);
  }
  void reward(int seat, int ply, Move m, int depth) {
    if (ply < MAX_PLY && killers_[ply][0] != m) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = m;
    }
    int& h = history_[seat][m.from() * 64 + m.to()];
    h = std::min(h + depth * depth, 1 << 20);
  }
  int history(int seat, Move m) const { return history_[seat][m.from() * 64 + m.to()]; }
  bool is_killer(int ply, Move m) const {
    return ply < MAX_PLY && (killers_[ply][0] == m || killers_[ply][1] == m);
  }

 private:
  std::array<std::array<Move, 2>, MAX_PLY> killers_{};
  std::array<std::array<int, 64 * 64>, chaturaji::SEAT_COUNT> history_{};
};

constexpr int HASH_MOVE_SCORE = 1 << 28;
constexpr int CAPTURE_BASE = 1 << 24;
constexpr int KILLER_SCORE = 1 << 22;

// Orders `list` into `out`; returns the count. Passes and other moves with no
// squares go last.
inline int order_moves(const Position& pos, const MoveList& list, Move hash_move,
                       const OrderingTables* tables, int ply, ScoredMove* out) {
  int n = 0;
  for (const Move m : list) {
    int s;
    if (m == hash_move)
      s = HASH_MOVE_SCORE;
    else if (!m.is_board_move())
      s = -(1 << 26);
    else if (const int gain = chaturaji::capture_gain(pos, m); gain > 0)
      s = CAPTURE_BASE + gain;
    else if (tables && tables->is_killer(ply, m))
      s = KILLER_SCORE;
    else
      s = tables ? tables->history(pos.turn(), m) : 0;
    out[n++] = {m, s};
  }
  std::stable_sort(out, out + n, [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
  return n;
}

inline bool is_tactical(const Position& pos, Move m) { return chaturaji::capture_gain(pos, m) > 0; }

}  // namespace search::chaturaji
