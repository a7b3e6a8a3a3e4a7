#include "server/uptime.h"

#include <algorithm>

namespace server {

Uptime::Uptime(std::vector<ServerRun> earlier, std::int64_t started_ms)
    : earlier_(std::move(earlier)), started_ms_(started_ms) {}

std::int64_t Uptime::between(std::int64_t since, std::int64_t now) const {
  const auto overlap = [&](std::int64_t from, std::int64_t to) {
    return std::max<std::int64_t>(0, std::min(to, now) - std::max(from, since));
  };
  std::int64_t up = overlap(started_ms_, now);
  // A run that overlaps this one (a clock set back) is not counted twice.
  for (const ServerRun& run : earlier_) up += overlap(run.started_ms, std::min(run.alive_ms, started_ms_));
  return up;
}

}  // namespace server
