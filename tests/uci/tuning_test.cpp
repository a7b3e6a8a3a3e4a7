// `chaturanga uci --tune`: the search's constants as UCI options.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/search_tuning.h"
#include "support/uci_talk.h"
#include "uci/uci.h"

namespace {

std::string talk_tuning(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::run(in, out, {}, true);
  engine::reset_search_constants();
  return out.str();
}

TEST(UciTuning, OnlyATuningSessionListsTheConstants) {
  const std::string tuning = talk_tuning("uci\n");
  EXPECT_NE(tuning.find("option name rfp_margin type spin default 99 min 20 max 220\n"), std::string::npos)
      << tuning;
  EXPECT_NE(tuning.find("option name lmr_base type spin default 52 min 0 max 200\n"), std::string::npos);
  EXPECT_NE(tuning.find("option name Hash"), std::string::npos);
  EXPECT_LT(tuning.find("rfp_margin"), tuning.find("uciok"));
  const std::string plain = testing_support::talk("uci\nsetoption name rfp_margin value 50\n");
  EXPECT_EQ(plain.find("rfp_margin type spin"), std::string::npos);
  EXPECT_NE(plain.find("unknown option 'rfp_margin'"), std::string::npos) << plain;
}

// A value is checked against the constant's range, and a set one changes
// the search: the same fixed-depth search counts other nodes.
TEST(UciTuning, SetoptionChangesTheSearchWithinTheRange) {
  const std::string bad = talk_tuning("setoption name rfp_margin value 500\n");
  EXPECT_NE(bad.find("option 'rfp_margin' needs a whole number from 20 to 220, got '500'"), std::string::npos)
      << bad;
  const std::string go = "position startpos\ngo depth 9\nisready\n";
  auto nodes = [](const std::string& out) {
    const auto at = out.rfind(" nodes ");
    return at == std::string::npos ? std::string() : out.substr(at + 7, out.find(' ', at + 7) - at - 7);
  };
  const std::string defaults = talk_tuning(go);
  const std::string changed = talk_tuning("setoption name lmr_base value 150\n" + go);
  const std::string again = talk_tuning(go);
  ASSERT_FALSE(nodes(defaults).empty()) << defaults;
  EXPECT_NE(nodes(changed), nodes(defaults));
  EXPECT_EQ(nodes(again), nodes(defaults));
}

}  // namespace
