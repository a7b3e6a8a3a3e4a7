// `bench`: a fixed search of fixed positions whose total node count is the
// search's signature. Same build, same count, every run.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <vector>

namespace engine {

constexpr int BENCH_DEPTH = 16;
constexpr int BENCH_HASH_MB = 16;

const std::vector<std::string_view>& bench_positions();

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
};

// Searches every bench position to `depth` with a fresh `hash_mb` table and
// one thread, printing a line per position and the totals to `out`.
BenchResult run_bench(std::ostream& out, int depth = BENCH_DEPTH, int hash_mb = BENCH_HASH_MB);

}  // namespace engine
