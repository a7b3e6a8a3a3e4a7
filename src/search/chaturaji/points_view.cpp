#include "search/chaturaji/points_view.h"

#include <algorithm>
#include <array>

#include "chaturaji/scoring.h"
#include "search/chaturaji/eval.h"
#include "search/chaturaji/node.h"
#include "search/chaturaji/team_result.h"

namespace search::chaturaji {

namespace {

constexpr int QSEARCH_DEPTH = 4;

int final_value(const std::array<int, chaturaji::SEAT_COUNT>& scores, int root) {
  int best_other = -1000000;
  for (int s = 0; s < chaturaji::SEAT_COUNT; ++s)
    if (s != root) best_other = std::max(best_other, scores[std::size_t(s)]);
  const int margin = scores[std::size_t(root)] - best_other;
  return (margin > 0 ? POINTS_WIN : margin < 0 ? -POINTS_WIN : 0) + 100 * std::clamp(margin, -99, 99);
}

}  // namespace

std::optional<int> points_result(const Position& pos, int root) {
  if (pos.claimant() >= 0) return final_value(chaturaji::final_scores(pos, chaturaji::Ending::Claim), root);
  if (pos.in_count() <= 1)
    return final_value(chaturaji::final_scores(pos, chaturaji::Ending::LastPlayer), root);
  if (fifty_rounds(pos)) return final_value(chaturaji::final_scores(pos, chaturaji::Ending::Draw), root);
  return std::nullopt;
}

int points_eval(const Position& pos, int root) {
  return std::clamp(chaturaji::evaluate_points(pos, root), -POINTS_EVAL_LIMIT, POINTS_EVAL_LIMIT);
}

core::Key points_key(const Position& pos) {
  core::Key k = pos.key();
  for (int s = 0; s < chaturaji::SEAT_COUNT; ++s)
    k ^= (core::Key(std::uint16_t(pos.score(s))) + 1) * (0x9E3779B97F4A7C15ULL >> s) * 0xBF58476D1CE4E5B9ULL;
  return k;
}

int points_quiesce(const Position& pos, int root, int alpha, int beta, int qdepth, Budget& budget) {
  if (const auto r = points_result(pos, root)) return *r;
  const int stand = points_eval(pos, root);
  if (budget.tick() || !pos.is_in(root) || qdepth >= QSEARCH_DEPTH) return stand;
  const bool maximising = pos.turn() == root;
  if (maximising ? stand >= beta : stand <= alpha) return stand;
  if (maximising)
    alpha = std::max(alpha, stand);
  else
    beta = std::min(beta, stand);
  int best = stand;
  const OrderedMoves moves(pos, Move::none(), nullptr, 0);
  for (int i = 0; i < moves.size() && moves.score(i) >= CAPTURE_BASE; ++i) {
    const int v = points_quiesce(pos.after(moves[i]), root, alpha, beta, qdepth + 1, budget);
    if (budget.stopped()) return 0;
    if (maximising ? v > best : v < best) best = v;
    if (maximising)
      alpha = std::max(alpha, v);
    else
      beta = std::min(beta, v);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace search::chaturaji
