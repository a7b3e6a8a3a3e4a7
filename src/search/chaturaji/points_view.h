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

}  // namespace search::chaturaji
