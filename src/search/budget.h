// What bounds one search while it runs, for the searches that stop at a
// single hard bound (the four-handed ones): a depth, a node count, a time
// bound and a caller's stop flag, checked every 256 nodes so that a reply
// never runs past its bound.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

namespace search {

using SteadyClock = std::chrono::steady_clock;

constexpr int MAX_DEPTH = 64;

struct Bounds {
  int depth = 0;             // 0: no depth limit
  std::uint64_t nodes = 0;   // 0: no node limit
  std::int64_t time_ms = 0;  // 0: no time bound
  const std::atomic<bool>* stop = nullptr;
  const std::atomic<bool>* also_stop = nullptr;  // a second flag: the engine's own and the caller's
};

class Budget {
 public:
  // The clock is stopped at 90 % of the bound less 2 ms, for the last poll,
  // the way out and a loaded machine.
  explicit Budget(const Bounds& bounds)
      : bounds_(bounds),
        start_(SteadyClock::now()),
        deadline_ms_(bounds.time_ms ? std::max<std::int64_t>(1, bounds.time_ms * 9 / 10 - 2) : 0) {}

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
    if (stopped_ || (bounds_.depth && depth > bounds_.depth) || depth > MAX_DEPTH) return false;
    return !deadline_ms_ || elapsed_ms() * 3 < deadline_ms_;
  }
  const Bounds& bounds() const { return bounds_; }

 private:
  void poll() {
    if ((bounds_.stop && bounds_.stop->load(std::memory_order_relaxed)) ||
        (bounds_.also_stop && bounds_.also_stop->load(std::memory_order_relaxed)) ||
        (bounds_.nodes && nodes_ >= bounds_.nodes) || (deadline_ms_ && elapsed_ms() >= deadline_ms_))
      stopped_ = true;
  }

  Bounds bounds_;
  SteadyClock::time_point start_;
  std::int64_t deadline_ms_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace search
