// A game's clock: the time each seat has left, the one seat whose time runs,
// and the time control it was set up with. Pure arithmetic over a monotonic
// time line in milliseconds that the caller supplies, so that a test can
// drive it and the service can restore it after a restart.
// A seat's time runs from the moment its turn begins until it ends; the
// increment is added when the turn passes to another seat (a four-handed
// turn of several moves earns it once). Time never shows below zero: a seat
// whose time is up has flagged, and the owner decides what that means.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/expected.h"

namespace server {

struct TimeControl {
  std::int64_t initial_ms = 0;
  std::int64_t increment_ms = 0;
};

// The bounds of a time control (shared/spec/online.md): 15 s to 3 h, an
// increment of 0 to 3 min.
constexpr std::int64_t MIN_INITIAL_MS = 15'000;
constexpr std::int64_t MAX_INITIAL_MS = 10'800'000;
constexpr std::int64_t MAX_INCREMENT_MS = 180'000;

// Reads {"initial_ms": N, "increment_ms": M}; the error names the rule broken.
core::Expected<TimeControl> time_control_from_json(const nlohmann::json& clock);

class GameClock {
 public:
  using Ms = std::int64_t;

  // Every seat at the initial time, none running.
  GameClock(TimeControl control, int seats);
  // As stored: each seat's time as at the start of the turn under way.
  GameClock(TimeControl control, std::vector<Ms> banked);

  const TimeControl& control() const { return control_; }
  int seats() const { return int(banked_.size()); }
  // The seat whose time runs, or -1.
  int running() const { return running_; }
  // When the running seat's turn began.
  Ms since() const { return since_; }
  // Each seat's time as at since(): what the store keeps.
  const std::vector<Ms>& banked() const { return banked_; }

  // What `seat` has left at `now`: the running seat's time less what its
  // turn has taken so far, never below zero.
  Ms remaining(int seat, Ms now) const;
  // The first whole millisecond at which the running seat's time has surely
  // run out; only while a seat runs. Times are read in whole milliseconds,
  // cut down, so a difference of exactly the banked time may stand for up
  // to a millisecond less: the flag waits one more, and never falls early.
  Ms flag_at() const { return since_ + banked_[std::size_t(running_)] + 1; }
  bool flagged(Ms now) const { return running_ >= 0 && now >= flag_at(); }

  // The turn passes to `seat` (-1: to nobody, the game is over or waits) at
  // `now`: the running seat is charged its turn and, with `increment`, given
  // the increment. The same seat again changes nothing: its turn goes on.
  void turn_to(int seat, Ms now, bool increment);

 private:
  TimeControl control_;
  std::vector<Ms> banked_;
  int running_ = -1;
  Ms since_ = 0;
};

}  // namespace server
