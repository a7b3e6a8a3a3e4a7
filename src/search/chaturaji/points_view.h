// What the multi-player searches of `points` share: scores from the view of
// one seat (the root player) that reward finishing first, the game ends
// inside the tree, a hash key that also covers the scores, and a capture
// quiescence where the root maximises and every other player minimises.
#pragma once

#include <optional>

#include "chaturaji/position.h"
#include "search/budget.h"
#include "search/chaturaji/result.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

// A finished game: first alone scores POINTS_WIN plus the margin, a shared
// first the margin, otherwise -POINTS_WIN plus the margin (in centipoints).
constexpr int POINTS_WIN = 20000;
constexpr int POINTS_EVAL_LIMIT = 15000;

std::optional<int> points_result(const Position& pos, int root);
int points_eval(const Position& pos, int root);
core::Key points_key(const Position& pos);

// Captures only, bounded in depth; stands pat on the evaluation.
int points_quiesce(const Position& pos, int root, int alpha, int beta, int qdepth, Budget& budget);

// The score of a node the `points` searches do not expand: a finished game, a
// root player who is out, the horizon (quiescence), or a spent budget (0, the
// caller checks `budget.stopped()`). Empty when the node is to be searched.
inline std::optional<int> points_leaf(const Position& pos, int root, int alpha, int beta, int depth, int ply,
                                      Budget& budget) {
  if (const auto r = points_result(pos, root)) return *r;
  if (!pos.is_in(root)) return points_eval(pos, root);
  if (depth <= 0 || ply >= MAX_PLY - 8) return points_quiesce(pos, root, alpha, beta, 0, budget);
  if (budget.tick()) return 0;
  return std::nullopt;
}

}  // namespace search::chaturaji
