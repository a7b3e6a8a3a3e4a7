// `points`, paranoid search: every other player is assumed to play against
// the root player, so the tree is a two-sided alpha-beta in which the root
// player maximises and the others, each in turn, minimise the root player's
// place-seeking score (points_view.h).
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

class ParanoidSearch {
 public:
  ParanoidSearch(const Position& root, Budget& budget, search::TranspositionTable& tt);

  bool iteration(int depth);
  Move best() const { return best_; }
  int score() const { return score_; }
  std::vector<Move> pv() const { return best_ ? std::vector<Move>{best_} : std::vector<Move>{}; }

 private:
  int search(const Position& pos, int alpha, int beta, int depth, int ply);

  Position root_;
  int me_;
  Budget& budget_;
  search::TranspositionTable& tt_;
  OrderingTables tables_;
  Move best_;
  Move iteration_best_;
  int score_ = 0;
};

}  // namespace search::chaturaji
