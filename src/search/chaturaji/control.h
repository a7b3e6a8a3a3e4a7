// What bounds a four-handed search and how it learns to stop: a depth, a
// node count, a time bound and a caller's stop flag, checked every few
// thousand nodes so that a reply never runs past its bound.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "chaturaji/types.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

using SteadyClock = std::chrono::steady_clock;

constexpr int MAX_DEPTH = 64;
constexpr int MAX_PLY = 96;

struct Limits {
  int depth = 0;             // 0: no depth limit
  std::uint64_t nodes = 0;   // 0: no node limit
  std::int64_t time_ms = 0;  // 0: no time bound
  const std::atomic<bool>* stop = nullptr;
};

// What a search reports: the move for the player to move, its score in
// centipawns from that player's (or team's) view, the last finished depth.
struct Result {
  Move best;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;
  std::vector<Move> pv;
};

class Control {
 public:
  // The clock is stopped at 90 % of the bound less 2 ms, for the last poll,
  // the way out and a loaded machine.
  explicit Control(const Limits& limits)
      : limits_(limits),
        start_(SteadyClock::now()),
        deadline_ms_(limits.time_ms ? std::max<std::int64_t>(1, limits.time_ms * 9 / 10 - 2) : 0) {}

  // Counts a node; true once the search must unwind.
  bool tick() {
    ++nodes_;
    if ((nodes_ & 255) == 0) poll();
    return stopped_;
  }
  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }
  std::int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start_).count();
  }
  // Whether another iteration is worth starting: one that takes several times
  // the last one's time would not finish within the bound.
  bool may_deepen(int depth) const {
    if (stopped_ || (limits_.depth && depth > limits_.depth) || depth > MAX_DEPTH) return false;
    return !deadline_ms_ || elapsed_ms() * 3 < deadline_ms_;
  }
  const Limits& limits() const { return limits_; }

 private:
  void poll() {
    if ((limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
        (limits_.nodes && nodes_ >= limits_.nodes) || (deadline_ms_ && elapsed_ms() >= deadline_ms_))
      stopped_ = true;
  }

  Limits limits_;
  SteadyClock::time_point start_;
  std::int64_t deadline_ms_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace search::chaturaji
