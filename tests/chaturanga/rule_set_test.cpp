// The rule sets: names, options, the preset, and one interned table each.
#include "chaturanga/rule_set.h"

#include <gtest/gtest.h>

#include <set>

using namespace chaturanga;

TEST(RuleSet, TheSeedIsTheDefaultAndIndexZero) {
  EXPECT_EQ(&chaturanga_rules(Options{}), &seed_rules());
  EXPECT_EQ(rule_set_index(seed_rules()), 0);
  EXPECT_EQ(&rules_of(Variant::Chaturanga), &seed_rules());
  EXPECT_FALSE(seed_rules().royal_king);
  EXPECT_EQ(seed_rules().bare_king, BareKing::Seed);
}

TEST(RuleSet, EveryCombinationOfOptionsHasItsOwnTable) {
  std::set<const RuleSet*> seen;
  for (const char* e : {"alfil", "silver", "dabbaba"})
    for (const char* k : {"apart", "facing"})
      for (const char* g : {"capture", "checkmate"})
        for (const char* n : {"wins", "loses"})
          for (const char* b : {"on", "off"}) {
            const std::string text = std::string("elephant=") + e + ",kings=" + k + ",goal=" + g +
                                     ",no-move=" + n + ",bare-king=" + b;
            const auto o = parse_options(text);
            ASSERT_TRUE(o.ok()) << o.error();
            const RuleSet& r = chaturanga_rules(*o);
            EXPECT_EQ(r.options, *o);
            EXPECT_EQ(&RULE_SETS[rule_set_index(r)], &r);
            seen.insert(&r);
          }
  EXPECT_EQ(seen.size(), std::size_t(CHATURANGA_RULE_SETS));
}

TEST(RuleSet, NamesFindTheGames) {
  for (const char* name : {"shatranj", "makruk", "cambodian", "sittuyin"}) {
    const RuleSet* r = find_rules(name);
    ASSERT_NE(r, nullptr) << name;
    EXPECT_EQ(r->name, name);
    EXPECT_TRUE(r->royal_king);
  }
  EXPECT_EQ(find_rules("chaturanga"), &seed_rules());
  EXPECT_EQ(find_rules("chaturanga-chesscom"), &chaturanga_rules(CHESSCOM));
  EXPECT_EQ(find_rules("xiangqi"), nullptr);
  EXPECT_EQ(find_rules_by_pgn_name("MAKRUK"), find_rules("makruk"));
  EXPECT_EQ(find_rules_by_pgn_name("Ouk Chatrang"), find_rules("cambodian"));
  EXPECT_EQ(find_rules_by_pgn_name("Chaturanga"), &seed_rules());
}

TEST(RuleSet, ThePresetIsChessComsReading) {
  const auto o = parse_options("chesscom");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(*o, CHESSCOM);
  EXPECT_EQ(options_text(*o), "kings=facing goal=checkmate no-move=loses bare-king=off");
  const auto changed = parse_options("chesscom elephant=silver");
  ASSERT_TRUE(changed.ok()) << changed.error();
  EXPECT_EQ(changed->elephant, Elephant::Silver);
  EXPECT_TRUE(changed->kings_facing);
}

TEST(RuleSet, OptionsTextListsOnlyWhatDiffers) {
  EXPECT_EQ(options_text(Options{}), "");
  const auto o = parse_options("elephant=silver, kings=facing");
  ASSERT_TRUE(o.ok()) << o.error();
  EXPECT_EQ(options_text(*o), "elephant=silver kings=facing");
  EXPECT_EQ(options_text(*o, ','), "elephant=silver,kings=facing");
  EXPECT_EQ(*parse_options(options_text(*o)), *o);
}

TEST(RuleSet, BadOptionsSayWhatIsWrong) {
  const auto unknown = parse_options("colour=red");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("unknown rule option 'colour'"), std::string::npos) << unknown.error();
  const auto value = parse_options("elephant=tiger");
  ASSERT_FALSE(value.ok());
  EXPECT_NE(value.error().find("'tiger' is not one of alfil, silver, dabbaba"), std::string::npos);
  EXPECT_FALSE(parse_options("elephant").ok());
  EXPECT_FALSE(parse_options("kings=facing,chesscom").ok());
}
