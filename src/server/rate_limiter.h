// Limits per key, as token buckets: `burst` at once, then `per_second` on
// average. A rate of zero or less turns the limit off. A key is whatever a
// limit is counted against: a client address (client_key()) for requests
// and game creation today, an account once there are logins; a caller
// checks each key that applies to it.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace server {

// The key a client address counts under: the address itself for IPv4 (and
// IPv4 mapped into IPv6), the /64 prefix for IPv6, since one subscriber
// commonly holds a whole /64 and could otherwise take a fresh address for
// every request.
std::string client_key(const boost::asio::ip::address& address);

class RateLimiter {
 public:
  struct Verdict {
    bool allowed = true;
    // When refused: how long until the key's next token, at least 1 s.
    std::chrono::seconds retry_after{0};
    explicit operator bool() const { return allowed; }
  };

  RateLimiter(double per_second, double burst) : rate_(per_second), burst_(burst) {}
  Verdict allow(const std::string& key);

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
