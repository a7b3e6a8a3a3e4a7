#include "search/chaturaji/brs.h"

#include <algorithm>

#include "search/chaturaji/node.h"
#include "search/chaturaji/points_view.h"
#include "search/score.h"

namespace search::chaturaji {

BestReplySearch::BestReplySearch(const Position& root, Budget& budget, search::TranspositionTable& tt,
                                 bool plus)
    : root_(root), me_(root.turn()), budget_(budget), tt_(tt), plus_(plus) {
  tables_.clear();
}

bool BestReplySearch::iteration(int depth) {
  iteration_best_ = Move::none();
  const int s = maximise(root_, -search::INF, search::INF, depth, 0);
  if (budget_.stopped()) return false;
  score_ = s;
  best_ = iteration_best_;
  return true;
}

Position BestReplySearch::others_play(Position pos, int until) const {
  for (int step = 0; step < chaturaji::SEAT_COUNT && pos.is_in(me_) && pos.turn() != until &&
                     pos.turn() != me_ && !points_result(pos, me_);
       ++step) {
    if (!plus_) {
      pos.set_turn(pos.next_mover(pos.turn()));
      continue;
    }
    const OrderedMoves moves(pos, Move::none(), &tables_, MAX_PLY - 1);
    pos.play(moves.size() ? moves[0] : Move::special(Move::Pass));
  }
  return pos;
}

int BestReplySearch::maximise(const Position& pos, int alpha, int beta, int depth, int ply) {
  if (const auto leaf = points_leaf(pos, me_, alpha, beta, depth, ply, budget_)) return *leaf;

  const core::Key key = points_key(pos);
  const Probe hit = probe_tt(tt_, key, depth, alpha, beta, ply, ply > 0, WinScores::AsIs);
  if (hit.cut) return *hit.cut;
  const OrderedMoves moves(pos, hit.move, &tables_, ply);
  const int alpha_start = alpha;
  int best = -search::INF;
  Move best_move;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const int v = reply(pos.after(m), alpha, beta, depth - 1, ply + 1);
    if (budget_.stopped()) return 0;
    if (v > best) {
      best = v;
      best_move = m;
      if (ply == 0) iteration_best_ = m;
    }
    alpha = std::max(alpha, v);
    if (alpha >= beta) {
      if (m.is_board_move() && !is_tactical(pos, m)) tables_.reward(me_, ply, m, depth);
      break;
    }
  }
  store(tt_, key, best_move, best, depth, bound_of(best, alpha_start, beta), ply, WinScores::AsIs);
  return best;
}

int BestReplySearch::reply(const Position& pos, int alpha, int beta, int depth, int ply) {
  if (const auto leaf = points_leaf(pos, me_, alpha, beta, depth, ply, budget_)) return *leaf;

  int best = search::INF;
  bool searched = false;
  for (int opponent = pos.turn(); opponent != me_; opponent = pos.next_mover(opponent)) {
    const Position before = others_play(pos, opponent);
    if (before.turn() != opponent) break;
    const OrderedMoves moves(before, Move::none(), &tables_, ply);
    for (int i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      Position after = others_play(before.after(m), me_);
      if (after.is_in(me_)) after.set_turn(me_);
      const int v = maximise(after, alpha, beta, depth - 1, ply + 1);
      if (budget_.stopped()) return 0;
      searched = true;
      best = std::min(best, v);
      beta = std::min(beta, v);
      if (alpha >= beta) {
        if (m.is_board_move() && !is_tactical(before, m)) tables_.reward(opponent, ply, m, depth);
        return best;
      }
    }
  }
  return searched ? best : points_eval(pos, me_);
}

}  // namespace search::chaturaji
