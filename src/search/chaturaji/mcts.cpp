#include "search/chaturaji/mcts.h"

#include <algorithm>
#include <cmath>

#include "chaturaji/movegen.h"
#include "chaturaji/scoring.h"
#include "search/chaturaji/baseline.h"
#include "search/chaturaji/eval.h"
#include "search/chaturaji/node.h"
#include "search/chaturaji/team_result.h"

namespace search::chaturaji {

namespace {

constexpr float EXPLORATION = 0.6f;
constexpr int MAX_NODES = 1 << 18;
constexpr int PLAYOUT_PLIES = 120;
// The playout policy's random bonus per move, in the evaluation's units.
constexpr int DICE_NOISE = 60;
constexpr int POINTS_NOISE = 40;
// `points`: the reward of first place against that of the place itself.
constexpr float FIRST_SHARE = 0.7f;

bool game_over(const Position& pos) {
  if (pos.variant() == Variant::Points)
    return pos.claimant() >= 0 || pos.in_count() <= 1 || fifty_rounds(pos);
  return kings_result(pos, 0, 1).has_value() || fifty_rounds(pos);
}

// A new turn of a game without a fixed ring of throws gets a random throw.
void throw_dice(Position& pos, core::Rng& rng) {
  if (pos.variant() != Variant::Dice || pos.ring_size() != 1 || pos.moves_this_turn() != 0) return;
  pos.set_dice({std::uint8_t(2 + rng.below(4)), std::uint8_t(2 + rng.below(4))});
}

}  // namespace

Mcts::Mcts(const Position& root, Budget& budget, std::uint64_t seed)
    : root_(root), budget_(budget), rng_(seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL) {
  nodes_.reserve(4096);
  nodes_.push_back(Node{});
}

// `points`: every position; `dice`: the root player's turn, whose throw is known.
bool Mcts::in_tree(const Position& pos) const {
  if (pos.variant() != Variant::Dice) return true;
  return pos.turn() == root_.turn() && pos.moves_this_turn() != 0;
}

void Mcts::expand(std::int32_t node, const Position& pos) {
  const OrderedMoves moves(pos, Move::none(), nullptr, 0);
  nodes_[std::size_t(node)].first_child = std::int32_t(nodes_.size());
  nodes_[std::size_t(node)].children = moves.size();
  for (int i = 0; i < moves.size(); ++i) {
    Node child;
    child.move = moves[i];
    nodes_.push_back(child);
  }
}

std::int32_t Mcts::select(const Node& node, int mover) const {
  const float log_n = std::log(float(node.visits) + 1.0f);
  std::int32_t best = node.first_child;
  float best_value = -1.0f;
  for (std::int32_t c = node.first_child; c < node.first_child + node.children; ++c) {
    const Node& child = nodes_[std::size_t(c)];
    if (child.visits == 0) return c;
    const float value = child.reward[std::size_t(mover)] / float(child.visits) +
                        EXPLORATION * std::sqrt(log_n / float(child.visits));
    if (value > best_value) {
      best_value = value;
      best = c;
    }
  }
  return best;
}

Mcts::Rewards Mcts::rewards_of(const Position& pos) const {
  Rewards r{};
  if (pos.variant() != Variant::Points) {
    float red;
    if (const auto result = kings_result(pos, 0, 1))
      red = *result > 0 ? 1.0f : 0.0f;
    else if (fifty_rounds(pos))
      red = 0.5f;
    else
      red = 1.0f / (1.0f + std::exp(-float(chaturaji::evaluate(pos, 0)) / 400.0f));
    for (int s = 0; s < SEAT_COUNT; ++s) r[std::size_t(s)] = (s & 1) ? 1.0f - red : red;
    return r;
  }
  std::array<int, SEAT_COUNT> scores;
  if (pos.claimant() >= 0)
    scores = chaturaji::final_scores(pos, chaturaji::Ending::Claim);
  else if (pos.in_count() <= 1)
    scores = chaturaji::final_scores(pos, chaturaji::Ending::LastPlayer);
  else if (fifty_rounds(pos))
    scores = chaturaji::final_scores(pos, chaturaji::Ending::Draw);
  else
    scores = chaturaji::seat_worths(pos);
  const int top = *std::max_element(scores.begin(), scores.end());
  const int firsts = int(std::count(scores.begin(), scores.end(), top));
  for (int s = 0; s < SEAT_COUNT; ++s) {
    float above = 0;
    for (int t = 0; t < SEAT_COUNT; ++t)
      if (t != s)
        above += scores[std::size_t(t)] > scores[std::size_t(s)]    ? 1.0f
                 : scores[std::size_t(t)] == scores[std::size_t(s)] ? 0.5f
                                                                    : 0.0f;
    const float first = scores[std::size_t(s)] == top ? 1.0f / float(firsts) : 0.0f;
    r[std::size_t(s)] = FIRST_SHARE * first + (1.0f - FIRST_SHARE) * (3.0f - above) / 3.0f;
  }
  return r;
}

Mcts::Rewards Mcts::playout(Position pos, bool new_turn) {
  const int noise = pos.variant() == Variant::Points ? POINTS_NOISE : DICE_NOISE;
  if (new_turn) throw_dice(pos, rng_);
  for (int ply = 0; ply < PLAYOUT_PLIES && !game_over(pos); ++ply) {
    if (budget_.tick()) break;
    const Move m = greedy_move(pos, rng_, noise);
    if (!m) break;
    pos.play(m);
    throw_dice(pos, rng_);
  }
  return rewards_of(pos);
}

void Mcts::simulate() {
  std::array<std::int32_t, MAX_PLY> path;
  int length = 0;
  std::int32_t node = 0;
  path[std::size_t(length++)] = 0;
  Position pos = root_;
  while (!game_over(pos) && length < MAX_PLY) {
    Node& n = nodes_[std::size_t(node)];
    if (n.first_child < 0) {
      if (n.visits == 0 && node != 0) break;
      if (int(nodes_.size()) + chaturaji::MoveList::CAPACITY > MAX_NODES) break;
      expand(node, pos);
      if (nodes_[std::size_t(node)].children == 0) break;
    }
    const int mover = pos.turn();
    node = select(nodes_[std::size_t(node)], mover);
    pos.play(nodes_[std::size_t(node)].move);
    budget_.tick();
    path[std::size_t(length++)] = node;
    if (!in_tree(pos)) break;
  }
  deepest_ = std::max(deepest_, length - 1);
  const Rewards r = playout(pos, length > 1);
  if (budget_.stopped() && simulations_ > 0) return;
  for (int i = 0; i < length; ++i) {
    Node& n = nodes_[std::size_t(path[std::size_t(i)])];
    ++n.visits;
    for (int s = 0; s < SEAT_COUNT; ++s) n.reward[std::size_t(s)] += r[std::size_t(s)];
  }
  ++simulations_;
}

Result Mcts::run() {
  do simulate();
  while (!budget_.stopped() &&
         !(budget_.bounds().depth && simulations_ >= std::uint64_t(budget_.bounds().depth) * 1000));
  Result result;
  const Node& root = nodes_[0];
  std::uint32_t most = 0;
  for (std::int32_t c = root.first_child; c >= 0 && c < root.first_child + root.children; ++c) {
    const Node& child = nodes_[std::size_t(c)];
    if (child.visits > most) {
      most = child.visits;
      result.best = child.move;
      result.score =
          int(std::lround(1000.0f * child.reward[std::size_t(root_.turn())] / float(child.visits)));
    }
  }
  if (result.best) result.pv = {result.best};
  result.depth = deepest_;
  result.nodes = budget_.nodes();
  result.ms = budget_.elapsed_ms();
  return result;
}

}  // namespace search::chaturaji
