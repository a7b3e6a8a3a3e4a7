// The four-handed Match on its own: dice that replay from the stored secret
// or a practice seed (through a restart's start FEN and through undo),
// refused client throws, endings the rules do not record, and the records.
#include "server/chaturaji_match.h"

#include <gtest/gtest.h>

#include "core/bitboard.h"

namespace server {
namespace {

class ChaturajiMatchTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { core::init(); }

  static std::unique_ptr<Match> make(std::string_view variant, std::string_view fen = {},
                                     const MatchOptions& options = {}) {
    auto m = make_match(variant, fen, options);
    EXPECT_TRUE(m) << (m ? "" : m.error());
    return std::move(m).value();
  }

  // The throws seen while every player passes, turn after turn.
  static std::vector<std::string> throws_by_passing(Match& m, int turns) {
    std::vector<std::string> seen;
    for (int i = 0; i < turns; ++i) {
      const auto d = m.state()["dice"]["throw"];
      seen.push_back(std::to_string(d[0].get<int>()) + std::to_string(d[1].get<int>()));
      EXPECT_TRUE(m.play("pass"));
    }
    return seen;
  }
};

TEST_F(ChaturajiMatchTest, SeatsAreTheColoursInTurnOrder) {
  EXPECT_EQ(make("chaturaji-points")->seats(), (std::vector<std::string>{"red", "blue", "yellow", "green"}));
  EXPECT_EQ(make("chaturaji-teams")->seats(), (std::vector<std::string>{"red", "green", "yellow", "black"}));
  EXPECT_EQ(make("chaturaji-dice")->turn(), 0);
  EXPECT_FALSE(make_match("chaturaji-chaos", ""));
}

TEST_F(ChaturajiMatchTest, APracticeStartFenCarriesTheSeedSoARestartThrowsTheSame) {
  const MatchOptions practice{true, {}};
  auto a = make("chaturaji-dice", "seed=77", practice);
  EXPECT_NE(a->start_fen().find("seed=77"), std::string::npos);
  auto b = make("chaturaji-dice", a->start_fen(), practice);
  const auto first = throws_by_passing(*a, 12);
  EXPECT_EQ(throws_by_passing(*b, 12), first);
  auto c = make("chaturaji-dice", "seed=78", practice);
  EXPECT_NE(throws_by_passing(*c, 12), first);
}

TEST_F(ChaturajiMatchTest, AFairGameRestartsFromItsStoredSecret) {
  auto a = make("chaturaji-dice");
  const std::string secret = a->dice_secret();
  ASSERT_EQ(secret.size(), 64u);
  EXPECT_EQ(a->start_fen().find("seed="), std::string::npos);
  // The start FEN shows the first throw, which the secret threw; the
  // restart throws it (and every later one) again from the secret.
  auto b = make("chaturaji-dice", a->start_fen(), MatchOptions{false, secret});
  EXPECT_EQ(b->dice_secret(), secret);
  EXPECT_EQ(throws_by_passing(*b, 12), throws_by_passing(*a, 12));
  // Another game has another secret, and other throws.
  auto c = make("chaturaji-dice");
  EXPECT_NE(c->dice_secret(), secret);
  EXPECT_FALSE(make_match("chaturaji-dice", a->start_fen(), MatchOptions{false, "12ab"}));
}

TEST_F(ChaturajiMatchTest, UndoAndTheSameMovesAgainGiveTheSameThrows) {
  auto m = make("chaturaji-dice");
  const auto first = throws_by_passing(*m, 6);
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(m->undo());
  EXPECT_EQ(throws_by_passing(*m, 6), first);
}

TEST_F(ChaturajiMatchTest, AClientCannotThrow) {
  auto m = make("chaturaji-dice");
  auto r = m->play("dice:55");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("throws the dice"), std::string::npos);
  EXPECT_FALSE(make("chaturaji-points")->play("dice:55"));
}

TEST_F(ChaturajiMatchTest, BadSeedsAndFensAreErrors) {
  auto bad_seed = make_match("chaturaji-dice", "seed=12x", MatchOptions{true, {}});
  ASSERT_FALSE(bad_seed);
  EXPECT_NE(bad_seed.error().find("seed"), std::string::npos);
  auto bad_fen = make_match("chaturaji-teams", "8/8/8 r");
  ASSERT_FALSE(bad_fen);
  EXPECT_EQ(bad_fen.error().rfind("fen: ", 0), 0u);
}

TEST_F(ChaturajiMatchTest, ResignationLosesForTheTeamAndIsRestored) {
  for (int seat = 0; seat < 4; ++seat) {
    auto m = make("chaturaji-teams");
    m->resign(seat);
    EXPECT_TRUE(m->over());
    EXPECT_EQ(m->turn(), -1);
    EXPECT_EQ(m->result(), seat % 2 == 0 ? "green+black" : "red+yellow");
    EXPECT_EQ(m->reason(), "resignation");
    EXPECT_FALSE(m->undo());
    auto restored = make("chaturaji-teams");
    restored->restore_ending(m->result(), m->reason());
    EXPECT_EQ(restored->result(), m->result());
  }
  auto drawn = make("chaturaji-dice");
  drawn->agree_draw();
  EXPECT_EQ(drawn->result(), "draw");
  EXPECT_EQ(drawn->reason(), "agreement");
}

TEST_F(ChaturajiMatchTest, StateMarksAttackedKingsAndCheckBonuses) {
  // Red's sailboat goes to d8, between the kings of blue (a8) and yellow (h8):
  // two kings newly threatened, +1.
  auto m = make("chaturaji-points", "bK6yK/8/8/8/8/8/8/rK2rR3gK r - 0,0,0,0 0");
  ASSERT_TRUE(m->play("d1d8"));
  const auto s = m->state();
  EXPECT_EQ(s["history"][0]["seat"], "red");
  EXPECT_EQ(s["history"][0]["bonus"], 1);
  EXPECT_EQ(s["scores"]["red"], 1);
  EXPECT_EQ(s["last_squares"], (nlohmann::json{"d1", "d8"}));
  EXPECT_EQ(s["check"], (nlohmann::json{"a8", "h8"}));
  EXPECT_EQ(s["rules"]["edges"]["red"], "south");
  EXPECT_EQ(s["rules"]["pieces"]["R"], "sailboat");
}

TEST_F(ChaturajiMatchTest, TeamsRecordGroupsTurnsByRound) {
  auto m = make("chaturaji-teams");
  for (const char* mv : {"e7e6", "g4f4", "d2d3", "b5c5", "e6e5"}) ASSERT_TRUE(m->play(mv)) << mv;
  const std::string pgn = m->pgn({{"Event", "test"}});
  EXPECT_NE(pgn.find("[Variant \"chaturaji-teams\"]"), std::string::npos);
  EXPECT_NE(pgn.find("1. r: e7e6 g: g4f4 y: d2d3 b: b5c5\n2. r: e6e5"), std::string::npos) << pgn;
}

}  // namespace
}  // namespace server
