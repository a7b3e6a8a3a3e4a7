// `points`, Best-Reply Search (Schadd and Winands): between two moves of the
// root player, only the one strongest reply of all the other players is
// searched; the others pass (BRS) or, in BRS+, play the move the ordering
// puts first for them, so that every searched position could arise. The
// root player maximises, the reply layer minimises, both over
// points_view.h's place-seeking score.
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

class BestReplySearch {
 public:
  BestReplySearch(const Position& root, Budget& budget, search::TranspositionTable& tt, bool plus);

  bool iteration(int depth);
  Move best() const { return best_; }
  int score() const { return score_; }
  std::vector<Move> pv() const { return best_ ? std::vector<Move>{best_} : std::vector<Move>{}; }

 private:
  int maximise(const Position& pos, int alpha, int beta, int depth, int ply);
  // `pos`: just after the root player's move.
  int reply(const Position& pos, int alpha, int beta, int depth, int ply);
  // The position after the players from pos.turn() up to (not including)
  // `until` have played their ordering move (BRS+) or passed (BRS).
  Position others_play(Position pos, int until) const;

  Position root_;
  int me_;
  Budget& budget_;
  search::TranspositionTable& tt_;
  OrderingTables tables_;
  bool plus_;
  Move best_;
  Move iteration_best_;
  int score_ = 0;
};

}  // namespace search::chaturaji
