#include "search/chaturaji/expectimax.h"

#include <algorithm>

#include "search/chaturaji/eval.h"
#include "search/chaturaji/node.h"
#include "search/chaturaji/team_result.h"
#include "search/score.h"

namespace search::chaturaji {

namespace {

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

// The value for `us` of a position whose turn has just ended: the next
// player throws and may take one piece with a die that allows it (or
// pass). Each capture is scored statically; the expectation runs over the
// ten throws, or the known throw of a fixed ring.
int turn_end_value(const Position& pos, int us, int ply) {
  if (const auto r = kings_result(pos, us, DICE_WIN - ply)) return *r;
  const int mover = pos.turn();
  const int sign = ((mover ^ us) & 1) ? -1 : 1;
  const int stand = chaturaji::evaluate_dice(pos, mover);
  if (!pos.has_king(mover) || pos.moves_this_turn() != 0 || pos.dice_left() != 3) return sign * stand;
  std::array<int, 6> by_face;
  by_face.fill(stand);
  for (const Throw t : {Throw{2, 3}, Throw{4, 5}}) {
    Position p = pos;
    p.set_dice(t);
    MoveList list;
    chaturaji::generate(p, list);
    for (const Move m : list) {
      if (!m.is_board_move() || chaturaji::capture_gain(p, m) <= 0) continue;
      const int face = chaturaji::die_face(chaturaji::type_of(p.piece_on(m.from())));
      by_face[std::size_t(face)] =
          std::max(by_face[std::size_t(face)], static_value(p.after(m), mover, ply + 1));
    }
  }
  int value;
  if (pos.ring_size() > 1) {
    const Throw t = pos.dice();
    value = std::max(by_face[t.first], by_face[t.second]);
  } else {
    int sum = 0;
    for (const Outcome& o : THROWS) sum += o.weight * std::max(by_face[o.dice.first], by_face[o.dice.second]);
    value = floor_div(sum, TOTAL_WEIGHT);
  }
  return sign * value;
}

}  // namespace

Expectimax::Expectimax(const Position& root, std::vector<core::Key> history, Budget& budget,
                       search::TranspositionTable& tt, bool star2)
    : root_(root), keys_(std::move(history)), budget_(budget), tt_(tt), star2_(star2) {
  tables_.clear();
}

bool Expectimax::iteration(int depth) {
  iteration_best_ = Move::none();
  const int s = decide(root_, LOW - 1, HIGH + 1, depth, 0, false);
  if (budget_.stopped()) return false;
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
      if (budget_.stopped()) return 0;
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
    if (budget_.stopped()) return 0;
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
  if (budget_.tick()) return 0;

  const core::Key key = pos.key();
  const Probe hit = probe_tt(tt_, key, depth, alpha, beta, ply, ply > 0, WinScores::AsIs);
  if (hit.cut) return *hit.cut;

  const OrderedMoves moves(pos, hit.move, &tables_, ply);
  const int alpha_start = alpha;
  int best = LOW - 1;
  Move best_move;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const int v = descend(pos, pos.after(m), alpha, beta, depth - 1, ply);
    if (budget_.stopped()) return 0;
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
  const search::Bound bound = probe ? search::Bound::Lower : bound_of(best, alpha_start, beta);
  store(tt_, key, best_move, best, depth, bound, ply, WinScores::AsIs);
  return best;
}

int Expectimax::quiesce(const Position& pos, int alpha, int beta, int ply) {
  if (const auto r = kings_result(pos, pos.turn(), DICE_WIN - ply)) return *r;
  if (budget_.tick()) return 0;
  const int us = pos.turn();
  const int stand = turn_end_value(pos.after(Move::special(Move::Pass)), us, ply + 1);
  if (stand >= beta || ply >= MAX_PLY - 1) return stand;
  alpha = std::max(alpha, stand);
  int best = stand;
  const OrderedMoves moves(pos, Move::none(), nullptr, ply);
  // Captures within this turn only: the next throw is not searched here.
  for (int i = 0; i < moves.size() && moves.score(i) >= CAPTURE_BASE; ++i) {
    const Position child = pos.after(moves[i]);
    const int v = child.turn() == us && child.moves_this_turn() != 0 ? quiesce(child, alpha, beta, ply + 1)
                                                                     : turn_end_value(child, us, ply + 1);
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
