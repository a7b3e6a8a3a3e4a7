// One search thread: its stack, its move-ordering statistics and the
// recursive search. Private to search.cpp and its tests.
#pragma once

#include <atomic>
#include <optional>
#include <vector>

#include "search/chaturanga/history.h"
#include "search/chaturanga/movepick.h"
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
  std::uint64_t total_nodes() const;
};

struct RootMove {
  chaturanga::Move move;
  int score = -INF;
  int previous_score = -INF;
  int seldepth = 0;
  std::vector<chaturanga::Move> pv;
};

class Worker {
 public:
  explicit Worker(int id) : id_(id) { history_.clear(); }
  void clear() { history_.clear(); }
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
    int eval = 0;
  };

  template <Node N>
  int search(const chaturanga::Position& pos, int alpha, int beta, int depth, int ply, bool cut_node);
  std::optional<int> settled(const Position& pos, int& alpha, int& beta, int ply) const;
  int node_eval(const Position& pos, const TTHit& tte, int tt_score) const;
  std::optional<int> prune_early(const Position& pos, int beta, int depth, int ply, int eval, bool improving,
                                 bool cut_node);
  bool prune_move(const Position& pos, Move m, bool quiet, int depth, int eval, int alpha, bool improving,
                  int quiet_count, MovePicker& picker) const;
  template <bool PV>
  int search_child(const Position& child, Move m, bool reducible, int alpha, int beta, int depth, int ply,
                   int move_count, bool cut_node, bool improving, bool quiet);
  void update_root_move(Move m, int score, int alpha, int move_count);
  bool outside_root_lines(Move m) const;
  template <bool PV>
  bool take_score(int score, Move m, int ply, int& best, Move& best_move, int& alpha, int beta);
  template <bool PV>
  int qsearch(const chaturanga::Position& pos, int alpha, int beta, int ply, int qdepth);

  bool is_draw(const chaturanga::Position& pos, int ply) const;
  void count_node();
  void update_quiet_stats(const chaturanga::Position& pos, int ply, chaturanga::Move best,
                          const chaturanga::Move* quiets, int quiet_count, int depth);
  void update_pv(int ply, chaturanga::Move m);
  void search_line();
  void report_lines(int depth);
  bool should_stop_iterating(int depth, int best_changes);

  int id_;
  Shared* shared_ = nullptr;
  std::atomic<std::uint64_t> nodes_{0};
  History history_;
  std::vector<core::Key> keys_;  // the game's keys then the search path's
  std::vector<RootMove> root_moves_;
  Frame stack_[MAX_PLY + 8];
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
};

}  // namespace search::chaturanga
