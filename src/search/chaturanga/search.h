// Alpha-beta search: iterative deepening with aspiration windows, PVS over a
// shared hash table, quiescence over captures, null move, late move
// reductions and pruning. Several threads share the hash table (lazy SMP);
// thread 0 keeps the clock and reports.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "chaturanga/position.h"
#include "search/chaturanga/vocabulary.h"
#include "search/limits.h"
#include "search/report.h"
#include "search/tt.h"

namespace search::chaturanga {

struct RootPosition {
  chaturanga::Position pos;
  // Keys of the game's earlier positions, oldest first, for repetitions.
  std::vector<core::Key> history;
};

using Report = search::Report<Move>;
using Line = search::Line<Move>;

struct Result {
  chaturanga::Move best;
  chaturanga::Move ponder;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<Line> lines;  // the MultiPV lines of the last completed depth, best first
  int threads = 1;          // that searched: fewer than set when the system would not start them all
};

using ReportFn = std::function<void(const Report&)>;

struct Control {
  std::atomic<bool> stop{false};
  // While set, the clock does not end the search (UCI ponder); ponderhit clears it.
  std::atomic<bool> pondering{false};
  // A caller's own flag, polled like the clock (a front end's cancel).
  const std::atomic<bool>* also_stop = nullptr;
};

class Worker;

class Searcher {
 public:
  explicit Searcher(TranspositionTable& tt);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  void set_threads(int n);
  int threads() const { return int(workers_.size()); }
  // Forgets the move-ordering statistics (ucinewgame).
  void clear();
  // Searches until a limit is reached or `control.stop` is set; blocks.
  // Reports go to `report` from the calling thread.
  Result run(const RootPosition& root, const Limits& limits, Control& control, const ReportFn& report,
             std::int64_t overhead_ms = 10);

 private:
  TranspositionTable& tt_;
  std::vector<std::unique_ptr<Worker>> workers_;
  // The last search's root and score, for the time manager's view of a
  // falling score at the side's next move.
  core::Key last_root_key_ = 0;
  int last_score_ = 0;
  bool has_last_ = false;
};

}  // namespace search::chaturanga
