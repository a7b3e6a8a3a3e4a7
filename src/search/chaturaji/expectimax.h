// `dice`: expectiminimax. A turn is two half-moves of one player (each die
// one move, in either order, either may be passed), then the next player's
// throw is a chance node with ten outcomes (unordered pairs of faces 2-5,
// 1/16 for a double, 2/16 otherwise). Chance nodes are pruned with Ballard's
// Star1 (bounds from the evaluation's limits) and Star2 (a probe of each
// outcome's first move gives lower bounds before the full search). Scores are
// negamax, from the view of the team to move; they stay inside ±DICE_WIN so
// that the bounds hold. A game that gave a fixed ring of throws has no chance
// nodes: the throws are known.
#pragma once

#include <array>
#include <vector>

#include "chaturaji/position.h"
#include "search/budget.h"
#include "search/chaturaji/ordering.h"
#include "search/chaturaji/result.h"
#include "search/chaturaji/vocabulary.h"
#include "search/tt.h"

namespace search::chaturaji {

constexpr int DICE_WIN = 4000;

struct ChanceStats {
  std::uint64_t chance_nodes = 0;
  std::uint64_t star1_cuts = 0;
  std::uint64_t star2_cuts = 0;
};

class Expectimax {
 public:
  Expectimax(const Position& root, std::vector<core::Key> history, Budget& budget,
             search::TranspositionTable& tt, bool star2 = true);

  bool iteration(int depth);
  Move best() const { return best_; }
  int score() const { return score_; }
  std::vector<Move> pv() const { return best_ ? std::vector<Move>{best_} : std::vector<Move>{}; }
  const ChanceStats& stats() const { return stats_; }

 private:
  // A node where the player to move chooses; `probe` searches only its first move.
  int decide(const Position& pos, int alpha, int beta, int depth, int ply, bool probe);
  // The start of a turn: the throw is not yet known.
  int chance(const Position& pos, int alpha, int beta, int depth, int ply);
  int quiesce(const Position& pos, int alpha, int beta, int ply);
  // The score of `child` (after a move from `parent`) from the parent's view.
  int descend(const Position& parent, const Position& child, int alpha, int beta, int depth, int ply);
  bool is_chance(const Position& child) const;

  Position root_;
  std::vector<core::Key> keys_;
  Budget& budget_;
  search::TranspositionTable& tt_;
  OrderingTables tables_;
  ChanceStats stats_;
  bool star2_;
  Move best_;
  Move iteration_best_;
  int score_ = 0;
};

}  // namespace search::chaturaji
