// `chaturanga uci`: the UCI loop, a thin translator over the engine.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace uci {

// What one session may spend whatever its commands ask, for a front end fed
// untrusted input (the fuzz target). The defaults are the protocol's own.
struct Bounds {
  std::uint64_t max_nodes = 0;  // 0: none; else every search stops by this many nodes
  int max_perft_depth = 12;
  int max_bench_depth = 30;
  int max_hash_mb = 65536;
  int max_threads = 256;
};

int run(std::istream& in, std::ostream& out, const Bounds& bounds = {});

}  // namespace uci
