// Monte Carlo tree search with max^n backups, for `points` and `dice`: each
// simulation descends the tree by UCB1 on the reward of the player to move
// at each node, adds one node, plays the game out with the greedy policy
// (one ply of the rule set's evaluation, with a random bonus per move, and
// random throws in `dice`), and backs up one reward per seat. A reward is
// the finishing place (`points`: a share of first place and the place) or the
// team's win (`dice`). In `dice` the tree holds only the root player's turn,
// whose throw is known; later throws are drawn in the playouts.
#pragma once

#include <array>
#include <vector>

#include "chaturaji/position.h"
#include "core/rng.h"
#include "search/budget.h"
#include "search/chaturaji/result.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

class Mcts {
 public:
  Mcts(const Position& root, Budget& budget, std::uint64_t seed);

  // Simulates until the limits stop it (a depth limit d: after d thousand
  // simulations); the result's depth is the deepest tree level reached, its
  // nodes the half-moves played, its score the best move's mean reward in
  // thousandths. The move is the most visited one.
  Result run();
  std::uint64_t simulations() const { return simulations_; }

 private:
  using Rewards = std::array<float, chaturaji::SEAT_COUNT>;
  struct Node {
    Move move;
    std::int32_t first_child = -1;
    std::int32_t children = 0;
    std::uint32_t visits = 0;
    Rewards reward{};  // sums over the visits
  };

  void simulate();
  void expand(std::int32_t node, const Position& pos);
  std::int32_t select(const Node& node, int mover) const;
  bool in_tree(const Position& pos) const;
  // `new_turn`: pos starts a turn whose throw is not yet known.
  Rewards playout(Position pos, bool new_turn);
  Rewards rewards_of(const Position& pos) const;

  Position root_;
  Budget& budget_;
  core::Rng rng_;
  std::vector<Node> nodes_;
  std::uint64_t simulations_ = 0;
  int deepest_ = 0;
};

}  // namespace search::chaturaji
