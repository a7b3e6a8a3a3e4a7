#include "search/chaturanga/search_params.h"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/bench.h"

namespace {

using namespace search::chaturanga;

// Each test leaves the process's constants as it found them.
struct SearchParamsTest : testing::Test {
  ~SearchParamsTest() override { reset_search_params(); }
};

TEST_F(SearchParamsTest, EveryTunableHasItsDefaultInsideItsRange) {
  const SearchParams defaults;
  EXPECT_EQ(tunables().size(), 11u);
  for (const Tunable& t : tunables()) {
    EXPECT_LT(t.min, t.max) << t.name;
    EXPECT_GE(defaults.*(t.field), t.min) << t.name;
    EXPECT_LE(defaults.*(t.field), t.max) << t.name;
  }
}

TEST_F(SearchParamsTest, SettingChecksTheNameAndTheRange) {
  EXPECT_FALSE(set_search_param("no_such_constant", 10));
  EXPECT_FALSE(set_search_param("rfp_margin", 19));
  EXPECT_FALSE(set_search_param("rfp_margin", 221));
  EXPECT_EQ(search_params().rfp_margin, SearchParams{}.rfp_margin);
  EXPECT_TRUE(set_search_param("rfp_margin", 150));
  EXPECT_EQ(search_params().rfp_margin, 150);
  reset_search_params();
  EXPECT_EQ(search_params().rfp_margin, SearchParams{}.rfp_margin);
}

// The reduction table follows its two constants: a larger base reduces
// more, and the defaults give the table's known values.
TEST_F(SearchParamsTest, TheReductionTableFollowsItsConstants) {
  EXPECT_EQ(reduction(0, 10), 0);
  EXPECT_EQ(reduction(10, 1), 0);
  EXPECT_EQ(reduction(10, 10), 2);  // int(0.52 + ln 10 ln 10 / 2.18)
  EXPECT_EQ(reduction(63, 63), 8);
  ASSERT_TRUE(set_search_param("lmr_base", 152));
  EXPECT_EQ(reduction(10, 10), 3);
  EXPECT_EQ(reduction(10, 1), 1);
  reset_search_params();
  EXPECT_EQ(reduction(10, 10), 2);
}

// A changed constant changes the search; going back to the defaults gives
// the same tree again, node for node.
TEST_F(SearchParamsTest, TheSearchReadsTheConstants) {
  std::ostringstream out;
  const auto before = engine::run_bench(out, 8);
  ASSERT_TRUE(set_search_param("fut_base", 0));
  ASSERT_TRUE(set_search_param("lmr_base", 150));
  const auto changed = engine::run_bench(out, 8);
  reset_search_params();
  const auto after = engine::run_bench(out, 8);
  EXPECT_NE(changed.nodes, before.nodes);
  EXPECT_EQ(after.nodes, before.nodes);
}

}  // namespace
