#include "server/rate_limiter.h"

#include <algorithm>

namespace server {

bool RateLimiter::allow(const std::string& client) {
  if (rate_ <= 0) return true;
  const auto now = Clock::now();
  std::lock_guard lock(mutex_);
  forget_idle(now);
  auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + elapsed * rate_);
    b.last = now;
  }
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

// A bucket idle long enough to be full again carries no information.
void RateLimiter::forget_idle(Clock::time_point now) {
  if (now - last_sweep_ < std::chrono::seconds(60)) return;
  last_sweep_ = now;
  const auto refill = std::chrono::duration<double>(burst_ / rate_);
  std::erase_if(buckets_, [&](const auto& entry) { return now - entry.second.last > refill; });
}

}  // namespace server
