#include "engine/bench.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

// The signature of the search, stored as data: a change of search behaviour
// must update bench.txt (and say "Bench: N" in its commit).
std::uint64_t expected_bench() {
  std::ifstream in(BENCH_FILE);
  std::uint64_t nodes = 0;
  in >> nodes;
  return nodes;
}

TEST(Bench, NodeCountIsTheStoredSignature) {
  std::ostringstream a;
  std::ostringstream b;
  const auto first = engine::run_bench(a);
  const auto second = engine::run_bench(b);
  EXPECT_EQ(first.nodes, second.nodes);
  EXPECT_EQ(first.nodes, expected_bench());
  EXPECT_NE(a.str().find("Nodes searched"), std::string::npos);
}

}  // namespace
