#include "search/chaturaji/expectimax.h"

#include <algorithm>

#include "chaturaji/eval.h"
#include "search/chaturaji/team_result.h"
#include "search/chaturaji/tt_moves.h"
#include "search/score.h"

namespace chaturaji_search {

namespace {

using chaturaji::Throw;

struct Outcome {
  Throw dice;
  int weight;  // in sixteenths
};
constexpr std::array<Outcome, 10> THROWS{{{{2, 2}, 1},
                                          {{2, 3}, 2},
                                          {{2, 4}, 2},
                                          {{2, 5}, 2},
                                          {{3, 3}, 1},
                                          {{3, 4}, 2},
                                          {{3, 5}, 2},
                                          {{4, 4}, 1},
                                          {{4, 5}, 2},
                                          {{5, 5}, 1}}};
constexpr int TOTAL_WEIGHT = 16;
constexpr int LOW = -DICE_WIN;
constexpr int HIGH = DICE_WIN;

bool same_team(const Position& a, const Position& b) { return ((a.turn() ^ b.turn()) & 1) == 0; }

int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
int ceil_div(int a, int b) { return -floor_div(-a, b); }

int static_value(const Position& pos, int seat, int ply) {
  if (const auto r = kings_result(pos, seat, DICE_WIN - ply)) return *r;
  return chaturaji::evaluate_dice(pos, seat);
}

}  // namespace

Expectimax::Expectimax(const Position& root, std::vector<core::Key> history, Control& control,
                       search::TranspositionTable& tt, bool star2)
    : root_(root), keys_(std::move(history)), control_(control), tt_(tt), star2_(star2) {
  tables_.clear();
}

bool Expectimax::iteration(int depth) {
  iteration_best_ = Move::none();
  const int s = decide(root_, LOW - 1, HIGH + 1, depth, 0, false);
  if (control_.stopped()) return false;
  score_ = s;
  best_ = iteration_best_;
  return true;
}

bool Expectimax::is_chance(const Position& child) const {
  return child.ring_size() == 1 && child.moves_this_turn() == 0 && child.dice_left() == 3 &&
         child.has_king(child.turn());
}

int Expectimax::descend(const Position& parent, const Position& child, int alpha, int beta, int depth,
                        int ply) {
  keys_.push_back(parent.key());
  const bool same = same_team(parent, child);
  if (!same) std::swap(alpha, beta), alpha = -alpha, beta = -beta;
  const int v = is_chance(child) ? chance(child, alpha, beta, depth, ply + 1)
                                 : decide(child, alpha, beta, depth, ply + 1, false);
  keys_.pop_back();
  return same ? v : -v;
}

int Expectimax::chance(const Position& pos, int alpha, int beta, int depth, int ply) {
  if (const auto r = kings_result(pos, pos.turn(), DICE_WIN - ply)) return *r;
  if (fifty_rounds(pos)) return 0;
  ++stats_.chance_nodes;
  std::array<int, THROWS.size()> lower;
  lower.fill(LOW);
  const auto child_of = [&](std::size_t i) {
    Position c = pos;
    c.set_dice(THROWS[i].dice);
    return c;
  };
  // Star2: a probe of each outcome's first move bounds it from below.
  if (star2_ && depth >= 2) {
    int known = 0;
    int rest = TOTAL_WEIGHT;
    for (std::size_t i = 0; i < THROWS.size(); ++i) {
      const int w = THROWS[i].weight;
      rest -= w;
      const int need = ceil_div(beta * TOTAL_WEIGHT - known - LOW * rest, w);
      const int v = decide(child_of(i), LOW, std::clamp(need, LOW + 1, HIGH), depth, ply, true);
      if (control_.stopped()) return 0;
      lower[i] = v;
      known += w * v;
      if (known + LOW * rest >= beta * TOTAL_WEIGHT) {
        ++stats_.star2_cuts;
        return std::max(beta, floor_div(known + LOW * rest, TOTAL_WEIGHT));
      }
    }
  }
  // Star1: each outcome is searched with the window that could still move
  // the weighted sum across alpha or beta.
  int done = 0;
  int lower_rest = 0;
  for (std::size_t i = 0; i < THROWS.size(); ++i) lower_rest += THROWS[i].weight * lower[i];
  int rest = TOTAL_WEIGHT;
  for (std::size_t i = 0; i < THROWS.size(); ++i) {
    const int w = THROWS[i].weight;
    rest -= w;
    lower_rest -= w * lower[i];
    const int fail_low = alpha * TOTAL_WEIGHT - done - HIGH * rest;  // w * v <= this: sum <= alpha
    const int fail_high = beta * TOTAL_WEIGHT - done - lower_rest;   // w * v >= this: sum >= beta
    const int a = std::max(LOW - 1, floor_div(fail_low, w));
    const int b = std::max(a + 1, std::min(HIGH + 1, ceil_div(fail_high, w)));
    const int v = decide(child_of(i), a, b, depth, ply, false);
    if (control_.stopped()) return 0;
    if (w * v <= fail_low) {
      ++stats_.star1_cuts;
      return std::min(alpha, floor_div(done + w * v + HIGH * rest, TOTAL_WEIGHT));
    }
    if (w * v >= fail_high) {
      ++stats_.star1_cuts;
      return std::max(beta, ceil_div(done + w * v + lower_rest, TOTAL_WEIGHT));
    }
    done += w * v;
  }
  return floor_div(done, TOTAL_WEIGHT);
}

int Expectimax::decide(const Position& pos, int alpha, int beta, int depth, int ply, bool probe) {
  if (const auto r = kings_result(pos, pos.turn(), DICE_WIN - ply)) return *r;
  if (ply > 0 && (fifty_rounds(pos) || repeated(keys_, pos.key(), pos.clock()))) return 0;
  if (depth <= 0 || ply >= MAX_PLY - 8) return quiesce(pos, alpha, beta, ply);
  if (control_.tick()) return 0;

  const core::Key key = pos.key();
  const search::TTHit hit = tt_.probe(key);
  const Move hash_move = hit.found ? from_tt_move(hit.move) : Move::none();
  if (ply > 0 && hit.found && hit.depth >= depth) {
    const int s = hit.score;
    if (hit.bound == search::Bound::Exact || (hit.bound == search::Bound::Lower && s >= beta) ||
        (hit.bound == search::Bound::Upper && s <= alpha))
      return s;
  }

  MoveList list;
  chaturaji::generate(pos, list);
  std::array<ScoredMove, MoveList::CAPACITY> moves;
  const int n = order_moves(pos, list, hash_move, &tables_, ply, moves.data());
  const int alpha_start = alpha;
  int best = LOW - 1;
  Move best_move;
  for (int i = 0; i < n; ++i) {
    const Move m = moves[std::size_t(i)].move;
    const int v = descend(pos, pos.after(m), alpha, beta, depth - 1, ply);
    if (control_.stopped()) return 0;
    if (v > best) {
      best = v;
      best_move = m;
      if (ply == 0) iteration_best_ = m;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) {
          if (m.is_board_move() && !is_tactical(pos, m)) tables_.reward(pos.turn(), ply, m, depth);
          break;
        }
      }
    }
    if (probe) break;
  }
  const search::Bound bound = probe || best >= beta ? search::Bound::Lower
                              : best > alpha_start  ? search::Bound::Exact
                                                    : search::Bound::Upper;
  tt_.store(key, to_tt_move(best_move), best, 0, depth, bound);
  return best;
}

int Expectimax::quiesce(const Position& pos, int alpha, int beta, int ply) {
  if (const auto r = kings_result(pos, pos.turn(), DICE_WIN - ply)) return *r;
  if (control_.tick()) return 0;
  const int us = pos.turn();
  const int stand = chaturaji::evaluate_dice(pos, us);
  if (stand >= beta || ply >= MAX_PLY - 1) return stand;
  alpha = std::max(alpha, stand);
  int best = stand;
  MoveList list;
  chaturaji::generate(pos, list);
  std::array<ScoredMove, MoveList::CAPACITY> moves;
  const int n = order_moves(pos, list, Move::none(), nullptr, ply, moves.data());
  // Captures within this turn only: the next throw is not searched here.
  for (int i = 0; i < n && moves[std::size_t(i)].score >= CAPTURE_BASE; ++i) {
    const Position child = pos.after(moves[std::size_t(i)].move);
    const int v = child.turn() == us && child.moves_this_turn() != 0 ? quiesce(child, alpha, beta, ply + 1)
                                                                     : static_value(child, us, ply + 1);
    if (control_.stopped()) return 0;
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

}  // namespace chaturaji_search
