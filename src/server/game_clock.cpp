#include "server/game_clock.h"

#include <algorithm>
#include <string>

namespace server {

namespace {

core::Expected<std::int64_t> whole_ms(const nlohmann::json& clock, const std::string& name, std::int64_t lo,
                                      std::int64_t hi) {
  std::string field = "clock.";
  field += name;
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi) + " ms";
  if (!clock.contains(name)) return core::error(field + " is missing: it must be " + range);
  const nlohmann::json& v = clock[name];
  if (!v.is_number_integer()) return core::error(field + " must be a whole number from " + range);
  const bool too_big = v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(hi);
  if (too_big || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
    return core::error(field + " must be from " + range + ", not " + v.dump());
  return v.get<std::int64_t>();
}

}  // namespace

core::Expected<TimeControl> time_control_from_json(const nlohmann::json& clock) {
  if (!clock.is_object())
    return core::error("clock must be an object such as {\"initial_ms\": 300000, \"increment_ms\": 3000}");
  for (auto it = clock.begin(); it != clock.end(); ++it)
    if (it.key() != "initial_ms" && it.key() != "increment_ms")
      return core::error("clock." + it.key() + " is not a clock setting (initial_ms, increment_ms)");
  const auto initial = whole_ms(clock, "initial_ms", MIN_INITIAL_MS, MAX_INITIAL_MS);
  if (!initial) return core::error(initial.error());
  const auto increment = whole_ms(clock, "increment_ms", 0, MAX_INCREMENT_MS);
  if (!increment) return core::error(increment.error());
  return TimeControl{*initial, *increment};
}

GameClock::GameClock(TimeControl control, int seats)
    : control_(control), banked_(std::size_t(seats), control.initial_ms) {}

GameClock::GameClock(TimeControl control, std::vector<Ms> banked)
    : control_(control), banked_(std::move(banked)) {}

GameClock::Ms GameClock::remaining(int seat, Ms now) const {
  const Ms banked = banked_[std::size_t(seat)];
  if (seat != running_) return banked;
  return std::max<Ms>(0, banked - std::max<Ms>(0, now - since_));
}

void GameClock::turn_to(int seat, Ms now, bool increment) {
  if (seat == running_) return;
  if (running_ >= 0) {
    Ms& left = banked_[std::size_t(running_)];
    left = remaining(running_, now);
    if (increment) left += control_.increment_ms;
  }
  running_ = seat;
  since_ = now;
}

}  // namespace server
