#include "search/chaturaji/team_search.h"

#include <algorithm>

#include "search/chaturaji/eval.h"
#include "search/chaturaji/node.h"
#include "search/chaturaji/team_result.h"
#include "search/score.h"

namespace search::chaturaji {

namespace {

constexpr int QSEARCH_DEPTH = 8;

bool same_team(const Position& a, const Position& b) { return ((a.turn() ^ b.turn()) & 1) == 0; }

}  // namespace

TeamSearch::TeamSearch(const Position& root, std::vector<core::Key> history, Budget& budget,
                       search::TranspositionTable& tt)
    : root_(root), keys_(std::move(history)), budget_(budget), tt_(tt) {
  tables_.clear();
}

std::vector<Move> TeamSearch::pv() const { return {pv_[0].begin(), pv_[0].begin() + pv_len_[0]}; }

void TeamSearch::update_pv(int ply, Move m) {
  pv_[ply][0] = m;
  const int child_len = ply + 1 <= MAX_PLY ? pv_len_[ply + 1] : 0;
  for (int i = 0; i < child_len && i + 1 < MAX_PLY; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
  pv_len_[ply] = std::min(child_len + 1, MAX_PLY);
}

bool TeamSearch::iteration(int depth) {
  const int s = search(root_, -search::INF, search::INF, depth, 0, true);
  if (budget_.stopped()) return false;
  score_ = s;
  best_ = pv_len_[0] ? pv_[0][0] : best_;
  return true;
}

int TeamSearch::descend(const Position& parent, const Position& child, int alpha, int beta, int depth,
                        int ply, bool pv_node) {
  keys_.push_back(parent.key());
  const int v = same_team(parent, child) ? search(child, alpha, beta, depth, ply + 1, pv_node)
                                         : -search(child, -beta, -alpha, depth, ply + 1, pv_node);
  keys_.pop_back();
  return v;
}

int TeamSearch::search(const Position& pos, int alpha, int beta, int depth, int ply, bool pv_node) {
  pv_len_[ply] = 0;
  if (const auto r = kings_result(pos, pos.turn(), search::WIN - ply)) return *r;
  if (ply > 0 && (fifty_rounds(pos) || repeated(keys_, pos.key(), pos.clock()))) return search::DRAW;
  if (depth <= 0 || ply >= MAX_PLY - 8) return qsearch(pos, alpha, beta, ply, 0);
  if (budget_.tick()) return 0;

  const core::Key key = pos.key();
  const Probe hit = probe_tt(tt_, key, depth, alpha, beta, ply, !pv_node, WinScores::ByPly);
  if (hit.cut) return *hit.cut;

  const OrderedMoves moves(pos, hit.move, &tables_, ply);
  const int alpha_start = alpha;
  int best = -search::INF;
  Move best_move;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const Position child = pos.after(m);
    const bool quiet = !is_tactical(pos, m) && !tables_.is_killer(ply, m);
    int v;
    if (i == 0) {
      v = descend(pos, child, alpha, beta, depth - 1, ply, pv_node);
    } else {
      const int r = (depth >= 3 && i >= 3 && quiet) ? 1 + (i >= 8) + (depth >= 6 && i >= 16) : 0;
      v = descend(pos, child, alpha, alpha + 1, depth - 1 - r, ply, false);
      if (v > alpha && r > 0) v = descend(pos, child, alpha, alpha + 1, depth - 1, ply, false);
      if (v > alpha && v < beta && pv_node) v = descend(pos, child, alpha, beta, depth - 1, ply, true);
    }
    if (budget_.stopped()) return 0;
    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        if (pv_node) update_pv(ply, m);
        if (v >= beta) {
          if (quiet && m.is_board_move()) tables_.reward(pos.turn(), ply, m, depth);
          break;
        }
      }
    }
  }
  // A node off the principal variation has a null window: above alpha is at least beta.
  store(tt_, key, best_move, best, depth, bound_of(best, alpha_start, beta), ply, WinScores::ByPly);
  return best;
}

int TeamSearch::qsearch(const Position& pos, int alpha, int beta, int ply, int qdepth) {
  pv_len_[ply] = 0;
  if (const auto r = kings_result(pos, pos.turn(), search::WIN - ply)) return *r;
  if (budget_.tick()) return 0;
  const int stand = chaturaji::evaluate(pos, pos.turn());
  if (stand >= beta || qdepth >= QSEARCH_DEPTH || ply >= MAX_PLY - 1) return stand;
  alpha = std::max(alpha, stand);
  int best = stand;

  const OrderedMoves moves(pos, Move::none(), nullptr, ply);
  for (int i = 0; i < moves.size() && moves.score(i) >= CAPTURE_BASE; ++i) {
    const Move m = moves[i];
    const Position child = pos.after(m);
    const int v = same_team(pos, child) ? qsearch(child, alpha, beta, ply + 1, qdepth + 1)
                                        : -qsearch(child, -beta, -alpha, ply + 1, qdepth + 1);
    if (budget_.stopped()) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace search::chaturaji
