// A small deterministic pseudo-random generator (xorshift64*), so that hash
// keys, magics and test games are the same on every machine and every run.
#pragma once

#include <cstdint>

namespace core {

class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) : state_(seed ? seed : 0x9E3779B97F4A7C15ULL) {}

  constexpr std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }
  // Few bits set: good candidates for magic multipliers.
  constexpr std::uint64_t sparse() { return next() & next() & next(); }
  // Uniform in [0, bound) for small bounds.
  constexpr std::uint64_t below(std::uint64_t bound) { return next() % bound; }

 private:
  std::uint64_t state_;
};

}  // namespace core
