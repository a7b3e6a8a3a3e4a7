// One search thread: its stack, its move-ordering statistics and the
// recursive search. Private to search.cpp and its tests.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "search/chaturanga/history.h"
#include "search/chaturanga/movepick.h"
#include "search/chaturanga/network_line.h"
#include "search/chaturanga/search.h"
#include "search/chaturanga/vocabulary.h"
#include "search/deepen.h"
#include "search/timeman.h"

namespace search::chaturanga {

struct Shared {
  TranspositionTable& tt;
  const Limits& limits;
  Control& control;
  const ReportFn& report;
  TimeManager time;
  std::vector<std::unique_ptr<Worker>>* workers;
  int multipv = 1;
  // The root score of this searcher's search two plies before this root in
  // the same game (the side's own previous move), or NO_EVAL.
  int previous_score = NO_EVAL;
  std::uint64_t total_nodes() const;
};

struct RootMove {
  chaturanga::Move move;
  int score = -INF;
  int previous_score = -INF;
  int seldepth = 0;
  std::uint64_t nodes = 0;  // searched under this move in the current iteration
  std::vector<chaturanga::Move> pv;
};

class Worker {
 public:
  explicit Worker(int id) : id_(id) { history_.clear(); }
  void clear() {
    history_.clear();
    if (continuation_) continuation_->clear();
  }
  // Takes the memory a search from `root` needs before its thread starts:
  // the continuation history and the room for the path's keys. Throws
  // std::bad_alloc where the system refuses it (that thread is not started).
  void take_memory(const RootPosition& root);
  // Runs iterative deepening from `root` until the shared stop flag is set.
  void iterate(const RootPosition& root, Shared& shared);
  // One depth of iterative deepening (search/deepen.h): every MultiPV line
  // with its aspiration window; false when the search was stopped.
  bool may_start(int depth) const;
  bool iteration(int depth);

  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  void reset_nodes() { nodes_ = 0; }
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  int completed_depth() const { return completed_depth_; }

 private:
  enum class Node { Root, PV, NonPV };
  struct Frame {
    chaturanga::Move move;
    int cont = NO_CONT;  // the move's continuation key (history.h)
    int eval = 0;
  };
  // The continuation rows of the moves one and two plies before `ply`.
  ContRows cont_rows(int ply) {
    if (!continuation_) return {};
    const int one = ply >= 1 ? stack_[ply - 1].cont : NO_CONT;
    const int two = ply >= 2 ? stack_[ply - 2].cont : NO_CONT;
    return {one == NO_CONT ? nullptr : continuation_->table[one],
            two == NO_CONT ? nullptr : continuation_->table[two]};
  }

  template <Node N>
  int search(const chaturanga::Position& pos, int alpha, int beta, int depth, int ply, bool cut_node);
  std::optional<int> settled(const Position& pos, int& alpha, int& beta, int ply) const;
  int static_eval(const Position& pos, const TTHit& tte, int ply);
  int node_eval(int static_eval, const TTHit& tte, int tt_score) const;
  std::optional<int> prune_early(const Position& pos, int beta, int depth, int ply, int eval, bool improving,
                                 bool cut_node);
  bool prune_move(const Position& pos, Move m, bool quiet, int depth, int eval, int alpha, bool improving,
                  int quiet_count, MovePicker& picker) const;
  template <bool PV>
  int search_child(const Position& child, Move m, bool reducible, int alpha, int beta, int depth, int ply,
                   int move_count, bool cut_node, bool improving, bool quiet);
  void update_root_move(Move m, int score, int alpha, int move_count, std::uint64_t nodes);
  bool outside_root_lines(Move m) const;
  template <bool PV>
  bool take_score(int score, Move m, int ply, int& best, Move& best_move, int& alpha, int beta);
  template <bool PV>
  int qsearch(const chaturanga::Position& pos, int alpha, int beta, int ply, int qdepth);

  bool is_draw(const chaturanga::Position& pos, int ply) const;
  void count_node();
  void update_quiet_stats(const chaturanga::Position& pos, int ply, chaturanga::Move best,
                          const chaturanga::Move* quiets, int quiet_count, int depth, const ContRows& rows);
  void update_pv(int ply, chaturanga::Move m);
  void search_line();
  void report_lines(int depth);
  bool should_stop_iterating(int depth, int best_changes, double best_effort) const;
  int score_drop(int depth) const;

  int id_;
  Shared* shared_ = nullptr;
  std::atomic<std::uint64_t> nodes_{0};
  History history_;
  std::unique_ptr<ContinuationHistory> continuation_;  // taken before the first search; none if refused
  std::vector<core::Key> keys_;                        // the game's keys then the search path's
  std::vector<RootMove> root_moves_;
  Frame stack_[MAX_PLY + 8];
  NetworkLine network_line_;  // the network's sums along the current line
  chaturanga::Move pv_[MAX_PLY + 2][MAX_PLY + 2];
  int pv_length_[MAX_PLY + 2];
  const Position* root_ = nullptr;
  int pv_index_ = 0;
  int multipv_ = 1;
  int max_depth_ = 0;
  int best_changes_total_ = 0;
  bool enough_ = false;  // the time manager wants no further iteration
  int seldepth_ = 0;
  int root_depth_ = 0;
  int completed_depth_ = 0;
  int best_move_changes_ = 0;
  int iteration_scores_[MAX_PLY + 1] = {};  // the best root score of each completed depth
};

}  // namespace search::chaturanga
