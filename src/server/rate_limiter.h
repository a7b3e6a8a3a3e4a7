// Requests per client address, as a token bucket: `burst` at once, then
// `per_second` on average. A rate of zero or less turns the limit off.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace server {

class RateLimiter {
 public:
  RateLimiter(double per_second, double burst) : rate_(per_second), burst_(burst) {}
  bool allow(const std::string& client);

 private:
  using Clock = std::chrono::steady_clock;
  struct Bucket {
    double tokens;
    Clock::time_point last;
  };
  void forget_idle(Clock::time_point now);

  double rate_;
  double burst_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  Clock::time_point last_sweep_ = Clock::now();
};

}  // namespace server
