// The moves that differ between the games of the family, and their text.
// Move lists were compared with Fairy-Stockfish (tests/perft); these name
// each rule on its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"

using namespace chaturanga;

namespace {

Position at(const std::string& game, const std::string& fen) {
  const RuleSet* r = find_rules(game);
  EXPECT_NE(r, nullptr);
  const auto pos = parse_fen(*r, fen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  return pos.ok() ? *pos : Position::start();
}

Position with(const std::string& options, const std::string& fen) {
  const auto o = parse_options(options);
  EXPECT_TRUE(o.ok()) << o.error();
  const auto pos = parse_fen(chaturanga_rules(*o), fen);
  EXPECT_TRUE(pos.ok()) << pos.error();
  return pos.ok() ? *pos : Position::start();
}

std::vector<std::string> legal(const Position& pos) {
  MoveList list;
  generate<GenKind::All>(pos, list);
  std::vector<std::string> out;
  for (const Move m : list) out.push_back(to_uci(m, pos.rules()));
  std::sort(out.begin(), out.end());
  return out;
}

bool has(const Position& pos, const std::string& uci) {
  const auto all = legal(pos);
  return std::find(all.begin(), all.end(), uci) != all.end();
}

}  // namespace

TEST(Elephant, SilverStepsDiagonallyOrStraightAhead) {
  const Position white = with("elephant=silver", "3k4/8/8/8/8/8/2B5/4K3 w - - 0 1");
  EXPECT_TRUE(has(white, "c2c3"));
  EXPECT_TRUE(has(white, "c2b1"));
  EXPECT_TRUE(has(white, "c2d3"));
  EXPECT_FALSE(has(white, "c2c1"));
  EXPECT_FALSE(has(white, "c2a4"));
  const Position black = with("elephant=silver", "3k4/8/8/8/8/2b5/8/4K3 b - - 0 1");
  EXPECT_TRUE(has(black, "c3c2"));
  EXPECT_FALSE(has(black, "c3c4"));
}

TEST(Elephant, DabbabaJumpsTwoStraightOverAnything) {
  const Position pos = with("elephant=dabbaba", "3k4/8/8/8/2p5/2p5/2B5/4K3 w - - 0 1");
  EXPECT_TRUE(has(pos, "c2c4"));
  EXPECT_TRUE(has(pos, "c2a2"));
  EXPECT_TRUE(has(pos, "c2e2"));
  EXPECT_FALSE(has(pos, "c2c3"));
  EXPECT_FALSE(has(pos, "c2e4"));
}

TEST(Checkmate, AMoveMayNotLeaveTheKingAttacked) {
  // The minister on e2 is pinned by the chariot on e8; the king may not step into the horse's reach.
  const Position pos = with("goal=checkmate", "3kr3/8/8/8/8/5n2/4Q3/4K3 w - - 0 1");
  EXPECT_FALSE(has(pos, "e2d3"));
  EXPECT_FALSE(has(pos, "e1d2"));
  EXPECT_TRUE(has(pos, "e1f1"));
  const Position capture = with("", "3kr3/8/8/8/8/5n2/4Q3/4K3 w - - 0 1");
  EXPECT_TRUE(has(capture, "e2d3"));
}

TEST(Makruk, PawnsPromoteToMetOnTheSixthRank) {
  const Position pos = at("makruk", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(has(pos, "e5e6m"));
  const auto m = parse_uci(pos, "e5e6");
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_TRUE(m->is_promotion());
  EXPECT_EQ(to_san(pos, *m), "e6=M");
  EXPECT_FALSE(parse_uci(pos, "e5e6q").ok());
}

TEST(Cambodian, UnmovedKingLeapsAndNeangJumps) {
  const Position pos = at("cambodian", "4k3/8/8/8/8/8/8/R2KM3 w DE - 0 1");
  EXPECT_TRUE(has(pos, "d1b2"));
  EXPECT_TRUE(has(pos, "d1f2"));
  EXPECT_TRUE(has(pos, "e1e3"));
  const Position moved = at("cambodian", "4k3/8/8/8/8/8/8/R2KM3 w - - 0 1");
  EXPECT_FALSE(has(moved, "d1b2"));
  EXPECT_FALSE(has(moved, "e1e3"));
}

TEST(Cambodian, NoLeapOutOfCheckAndAChariotOnTheKingsLineTakesTheLeapAway) {
  EXPECT_FALSE(has(at("cambodian", "3rk3/8/8/8/8/8/8/3K4 w D - 0 1"), "d1f2"));
  Position pos = at("cambodian", "4k3/8/8/8/8/8/P6r/3K4 b D - 0 1");
  pos.play(*parse_uci(pos, "h2h3"));
  EXPECT_TRUE(pos.gates(WHITE));
  pos.play(*parse_uci(pos, "a2a3"));
  pos.play(*parse_uci(pos, "h3d3"));
  EXPECT_FALSE(pos.gates(WHITE));
  // As on an empty board: the horse between does not keep the right.
  Position aimed = at("cambodian", "4k3/8/8/8/8/8/P6r/3K1N2 b D - 0 1");
  aimed.play(*parse_uci(aimed, "h2h1"));
  EXPECT_FALSE(aimed.gates(WHITE));
}

TEST(Sittuyin, TheSetUpComesFirstWithChariotsOnTheBackRank) {
  const Position start = start_position(*find_rules("sittuyin"));
  const auto moves = legal(start);
  EXPECT_TRUE(has(start, "R@a1"));
  EXPECT_FALSE(has(start, "R@a2"));
  EXPECT_TRUE(has(start, "K@h3"));
  EXPECT_FALSE(has(start, "e4d5"));  // a capture, but the set-up is not finished
  for (const auto& m : moves) EXPECT_EQ(m[1], '@') << m;
  EXPECT_EQ(moves.size(), 88u);
  const auto drop = parse_uci(start, "R@a1");
  ASSERT_TRUE(drop.ok()) << drop.error();
  EXPECT_EQ(to_san(start, *drop), "R@a1");
  EXPECT_EQ(*parse_san(start, "R@a1"), *drop);
}

TEST(Sittuyin, PromotionWhereThePawnStandsOrOneStepDiagonally) {
  // One pawn left: it may promote anywhere, onto its square or an empty diagonal neighbour.
  const Position pos = at("sittuyin", "4k3/8/8/8/3P4/8/8/4K3[] w - - 0 1");
  EXPECT_TRUE(has(pos, "d4d4f"));
  EXPECT_TRUE(has(pos, "d4c5f"));
  EXPECT_TRUE(has(pos, "d4e3f"));
  const auto in_place = parse_uci(pos, "d4d4f");
  ASSERT_TRUE(in_place.ok()) << in_place.error();
  EXPECT_EQ(to_san(pos, *in_place), "d4=F");
  EXPECT_EQ(to_san(pos, *parse_uci(pos, "d4c5f")), "d4c5=F");
  const Position after = pos.after(*in_place);
  EXPECT_EQ(after.piece_on(core::make_square(3, 3)), make_piece(WHITE, MINISTER));
  EXPECT_EQ(after.halfmove_clock(), 0);
}

TEST(Sittuyin, PromotionRules) {
  // Two pawns: only one on a promotion square (the long diagonals in the far half) may promote.
  const Position two = at("sittuyin", "4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1");
  EXPECT_TRUE(has(two, "d5d5f"));
  EXPECT_FALSE(has(two, "a2a2f"));
  // Not while a minister is on the board.
  EXPECT_FALSE(has(at("sittuyin", "4k3/8/8/3P4/8/8/F7/4K3[] w - - 0 1"), "d5d5f"));
  // The new minister may not attack an enemy piece (the horse on c5 would be).
  const Position attacked = at("sittuyin", "4k3/8/8/2n5/3P4/8/8/4K3[] w - - 0 1");
  EXPECT_FALSE(has(attacked, "d4d4f"));
  EXPECT_TRUE(has(attacked, "d4e3f"));
  // Nor may promoting uncover a check by a chariot.
  const Position uncover = at("sittuyin", "3k4/8/8/8/3P4/8/8/3RK3[] w - - 0 1");
  EXPECT_FALSE(has(uncover, "d4c3f"));
  EXPECT_TRUE(has(uncover, "d4d4f"));
}

TEST(Notation, CheckMarksWhereTheKingIsRoyal) {
  const Position pos = at("makruk", "k7/2K5/8/8/8/8/8/1R6 w - - 0 1");
  EXPECT_EQ(to_san(pos, *parse_uci(pos, "b1a1")), "Ra1#");
  const Position check = at("makruk", "k7/8/8/8/8/8/8/1R2K3 w - - 0 1");
  EXPECT_EQ(to_san(check, *parse_uci(check, "b1a1")), "Ra1+");
  EXPECT_EQ(*parse_san(check, "Ra1+"), *parse_uci(check, "b1a1"));
  EXPECT_EQ(to_san(Position::start(), *parse_uci(Position::start(), "e2e3")), "e3");
}

TEST(Position, KeyAfterAMoveIsTheKeyOfThePositionAfterIt) {
  // Random games in each game of the family: drops, promotions where the
  // pawn stands, first leaps and counting included.
  std::uint64_t seed = 12345;
  const auto next_random = [&seed] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return std::size_t(seed >> 33);
  };
  for (const char* game : {"chaturanga", "shatranj", "makruk", "cambodian", "sittuyin"}) {
    const RuleSet* rules = find_rules(game);
    ASSERT_NE(rules, nullptr) << game;
    int checked = 0;
    for (int playout = 0; playout < 20; ++playout) {
      Position pos = start_position(*rules);
      for (int ply = 0; ply < 200; ++ply) {
        MoveList list;
        generate<GenKind::All>(pos, list);
        if (list.empty()) break;
        for (const Move m : list)
          EXPECT_EQ(pos.key_after(m), pos.after(m).key()) << game << " " << to_uci(m, pos.rules());
        checked += int(list.size());
        pos.play(list[next_random() % list.size()]);
      }
    }
    EXPECT_GT(checked, 1000) << game;
  }
}
