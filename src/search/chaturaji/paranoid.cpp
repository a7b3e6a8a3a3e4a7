#include "search/chaturaji/paranoid.h"

#include <algorithm>

#include "search/chaturaji/points_view.h"
#include "search/chaturaji/tt_moves.h"
#include "search/score.h"

namespace chaturaji_search {

ParanoidSearch::ParanoidSearch(const Position& root, Control& control, search::TranspositionTable& tt)
    : root_(root), me_(root.turn()), control_(control), tt_(tt) {
  tables_.clear();
}

bool ParanoidSearch::iteration(int depth) {
  iteration_best_ = Move::none();
  const int s = search(root_, -search::INF, search::INF, depth, 0);
  if (control_.stopped()) return false;
  score_ = s;
  best_ = iteration_best_;
  return true;
}

int ParanoidSearch::search(const Position& pos, int alpha, int beta, int depth, int ply) {
  if (const auto r = points_result(pos, me_)) return *r;
  if (!pos.is_in(me_)) return points_eval(pos, me_);
  if (depth <= 0 || ply >= MAX_PLY - 8) return points_quiesce(pos, me_, alpha, beta, 0, control_);
  if (control_.tick()) return 0;

  const core::Key key = points_key(pos);
  const search::TTHit hit = tt_.probe(key);
  const Move hash_move = hit.found ? from_tt_move(hit.move) : Move::none();
  if (ply > 0 && hit.found && hit.depth >= depth) {
    if (hit.bound == search::Bound::Exact || (hit.bound == search::Bound::Lower && hit.score >= beta) ||
        (hit.bound == search::Bound::Upper && hit.score <= alpha))
      return hit.score;
  }
  const bool maximising = pos.turn() == me_;
  MoveList list;
  chaturaji::generate(pos, list);
  std::array<ScoredMove, MoveList::CAPACITY> moves;
  const int n = order_moves(pos, list, hash_move, &tables_, ply, moves.data());
  const int alpha_start = alpha;
  const int beta_start = beta;
  int best = maximising ? -search::INF : search::INF;
  Move best_move;
  for (int i = 0; i < n; ++i) {
    const Move m = moves[std::size_t(i)].move;
    const int v = search(pos.after(m), alpha, beta, depth - 1, ply + 1);
    if (control_.stopped()) return 0;
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
  const search::Bound bound = best >= beta_start    ? search::Bound::Lower
                              : best <= alpha_start ? search::Bound::Upper
                                                    : search::Bound::Exact;
  tt_.store(key, to_tt_move(best_move), best, 0, depth, bound);
  return best;
}

}  // namespace chaturaji_search
