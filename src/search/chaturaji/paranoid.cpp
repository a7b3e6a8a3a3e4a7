#include "search/chaturaji/paranoid.h"

#include <algorithm>

#include "search/chaturaji/node.h"
#include "search/chaturaji/points_view.h"
#include "search/score.h"

namespace search::chaturaji {

ParanoidSearch::ParanoidSearch(const Position& root, Budget& budget, search::TranspositionTable& tt)
    : root_(root), me_(root.turn()), budget_(budget), tt_(tt) {
  tables_.clear();
}

bool ParanoidSearch::iteration(int depth) {
  iteration_best_ = Move::none();
  const int s = search(root_, -search::INF, search::INF, depth, 0);
  if (budget_.stopped()) return false;
  score_ = s;
  best_ = iteration_best_;
  return true;
}

int ParanoidSearch::search(const Position& pos, int alpha, int beta, int depth, int ply) {
  if (const auto leaf = points_leaf(pos, me_, alpha, beta, depth, ply, budget_)) return *leaf;

  const core::Key key = points_key(pos);
  const Probe hit = probe_tt(tt_, key, depth, alpha, beta, ply, ply > 0, WinScores::AsIs);
  if (hit.cut) return *hit.cut;
  const bool maximising = pos.turn() == me_;
  const OrderedMoves moves(pos, hit.move, &tables_, ply);
  const int alpha_start = alpha;
  const int beta_start = beta;
  int best = maximising ? -search::INF : search::INF;
  Move best_move;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const int v = search(pos.after(m), alpha, beta, depth - 1, ply + 1);
    if (budget_.stopped()) return 0;
    if (maximising ? v > best : v < best) {
      best = v;
      best_move = m;
      if (ply == 0) iteration_best_ = m;
    }
    if (maximising)
      alpha = std::max(alpha, v);
    else
      beta = std::min(beta, v);
    if (alpha >= beta) {
      if (m.is_board_move() && !is_tactical(pos, m)) tables_.reward(pos.turn(), ply, m, depth);
      break;
    }
  }
  // Bounds as the root player sees them: a cut at a maximising node is a
  // lower bound, at a minimising node an upper bound.
  store(tt_, key, best_move, best, depth, bound_of(best, alpha_start, beta_start), ply, WinScores::AsIs);
  return best;
}

}  // namespace search::chaturaji
