// The hash table's resize: what the machine cannot give is refused with the
// size that could be had, and the old table stays, entries and all.
#include "search/tt.h"

#include <gtest/gtest.h>

#include <string>

#include "support/little_memory.h"

namespace {

using search::Bound;
using search::TranspositionTable;

TEST(TranspositionTable, ResizeKeepsTheOldTableWhenTheMemoryCannotBeHad) {
  if (testing_support::SANITIZED) GTEST_SKIP() << "an address space limit under a sanitizer";
  const auto run = testing_support::run_with_little_memory(512, [] {
    TranspositionTable tt(16);
    const core::Key key = 0x123456789abcdef0ULL;
    tt.store(key, search::PackedMove{}, 37, 11, 5, Bound::Exact);
    const auto refused = tt.resize(4096);
    std::string out = refused ? "resized\n" : refused.error() + "\n";
    out += "size " + std::to_string(tt.megabytes()) + "\n";
    const search::TTHit hit = tt.probe(key);
    out += "kept " + std::to_string(hit.found && hit.score == 37 && hit.depth == 5) + "\n";
    // The size named can be had.
    const std::string text = refused ? "" : refused.error();
    const auto at = text.find("at most ");
    const std::size_t named = at == std::string::npos ? 0 : std::stoul(text.substr(at + 8));
    out += "named " + std::to_string(named) + "\n";
    if (named > 0) out += tt.resize(named) ? "named size taken\n" : "named size refused\n";
    out += "size " + std::to_string(tt.megabytes()) + "\n";
    return out;
  });
  ASSERT_TRUE(run.exited_cleanly) << "status " << run.status << "\n" << run.out;
  EXPECT_NE(run.out.find("Hash 4096 MB cannot be had: at most "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("size 16\nkept 1\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("named size taken\n"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("named 0\n"), std::string::npos) << run.out;
  EXPECT_LT(run.out.rfind("size 16\n"), run.out.rfind("size ")) << run.out;
}

TEST(TranspositionTable, ResizeToWhatTheMachineHasIsCleared) {
  TranspositionTable tt(1);
  const core::Key key = 42;
  tt.store(key, search::PackedMove{}, 5, 5, 3, Bound::Lower);
  ASSERT_TRUE(tt.resize(2));
  EXPECT_EQ(tt.megabytes(), 2u);
  EXPECT_FALSE(tt.probe(key).found);
}

}  // namespace
