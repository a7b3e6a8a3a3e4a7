#include "server/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace server {

std::string client_key(const boost::asio::ip::address& address) {
  if (address.is_v4()) return address.to_string();
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

RateLimiter::Verdict RateLimiter::allow(const std::string& key) {
  if (rate_ <= 0) return {};
  const auto now = Clock::now();
  std::lock_guard lock(mutex_);
  forget_idle(now);
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + elapsed * rate_);
    b.last = now;
  }
  if (b.tokens < 1) {
    const double wait = std::ceil((1 - b.tokens) / rate_);
    return {false, std::chrono::seconds(std::max<long long>(1, static_cast<long long>(wait)))};
  }
  b.tokens -= 1;
  return {};
}

// A bucket idle long enough to be full again carries no information.
void RateLimiter::forget_idle(Clock::time_point now) {
  if (now - last_sweep_ < std::chrono::seconds(60)) return;
  last_sweep_ = now;
  const auto refill = std::chrono::duration<double>(burst_ / rate_);
  std::erase_if(buckets_, [&](const auto& entry) { return now - entry.second.last > refill; });
}

}  // namespace server
