// `teams`: the turn passes between the teams every ply (Red, Green, Yellow,
// Black), so the game is two-sided and searched by negamax alpha-beta (PVS)
// with a hash table, quiescence on captures, killers, history and late-move
// reductions. Where a player is out its turns are skipped and a team may move
// twice running: then the child's score is taken without negation.
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

class TeamSearch {
 public:
  // `history`: the keys of the game's positions before `root`, for repetition.
  TeamSearch(const Position& root, std::vector<core::Key> history, Budget& budget,
             search::TranspositionTable& tt);

  bool iteration(int depth);
  Move best() const { return best_; }
  int score() const { return score_; }
  std::vector<Move> pv() const;

 private:
  int search(const Position& pos, int alpha, int beta, int depth, int ply, bool pv_node);
  int qsearch(const Position& pos, int alpha, int beta, int ply, int qdepth);
  // The child's score from the parent's view: negated when the other team moves next.
  int descend(const Position& parent, const Position& child, int alpha, int beta, int depth, int ply,
              bool pv_node);
  void update_pv(int ply, Move m);

  Position root_;
  std::vector<core::Key> keys_;
  Budget& budget_;
  search::TranspositionTable& tt_;
  OrderingTables tables_;
  std::array<std::array<Move, MAX_PLY + 1>, MAX_PLY + 1> pv_{};
  std::array<int, MAX_PLY + 1> pv_len_{};
  Move best_;
  int score_ = 0;
};

}  // namespace search::chaturaji
