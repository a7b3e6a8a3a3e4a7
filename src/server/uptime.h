// When the server was up, for the clocks: a clock runs only while a server
// runs, so a restart does not charge a player for the outage. Each run of
// the server leaves its start and the last moment it was known alive (a
// heartbeat the store keeps, docs/api.md "Clocks"); the time a clock has run
// since a turn began is the part of that span the server was up.
// Wall-clock milliseconds (Unix time), since the spans outlive the process.
#pragma once

#include <cstdint>
#include <vector>

namespace server {

struct ServerRun {
  std::int64_t started_ms = 0;
  std::int64_t alive_ms = 0;  // the last heartbeat
};

class Uptime {
 public:
  // `earlier`: the runs before this one, in any order; `started_ms`: this run's start.
  Uptime(std::vector<ServerRun> earlier, std::int64_t started_ms);

  // How long the server was up from `since` until `now`, `now` being in
  // this run: the earlier runs' overlap with the span, and this run's.
  std::int64_t between(std::int64_t since, std::int64_t now) const;
  std::int64_t started_ms() const { return started_ms_; }

 private:
  std::vector<ServerRun> earlier_;
  std::int64_t started_ms_;
};

}  // namespace server
