// Edges of the `teams` rule set. Seats: 0 red (north, pawns head south),
// 1 green (east, west), 2 yellow (south, north), 3 black (west, east).
#include "chaturaji/game.h"
#include "test_util.h"

namespace chaturaji {
namespace {

using test::fen;
using test::has;
using test::legal;
using test::moves_from;
using test::play;
constexpr Variant T = Variant::Teams;

TEST(Teams, StartPosition) {
  const Position pos = Position::start(T);
  EXPECT_EQ(to_fen(pos),
            "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0");
  // Four pawn pushes, boat h8-f6, knight g8-f6 and g8-h6, king e8-d8 and e8-d7.
  EXPECT_EQ(legal(pos).size(), 9u);
}

TEST(Teams, KingMayNotStepIntoAttack) {
  // Green rook d1 covers the d-file; e5 neighbours on it are refused.
  const Position pos = fen(T, "bK7/8/8/4rK3/8/8/8/yK2gR3gK r - 0,0,0,0 0");
  EXPECT_EQ(moves_from(pos, "e5"), (std::vector<std::string>{"e5e4", "e5e6", "e5f4", "e5f5", "e5f6"}));
}

TEST(Teams, PawnCaptureSquaresCountEvenWhenEmpty) {
  // Black's pawn on c6 heads east and attacks d5 and d7.
  const Position pos = fen(T, "bK7/8/2bP5/4rK3/8/8/8/yK6gK r - 0,0,0,0 0");
  const auto m = moves_from(pos, "e5");
  EXPECT_FALSE(has(m, "e5d5"));
  EXPECT_TRUE(has(m, "e5d6"));
  EXPECT_TRUE(has(m, "e5d4"));
}

TEST(Teams, KingMayNotCaptureADefendedPiece) {
  // Green pawn d5 defended by the green rook on d1.
  const Position near = fen(T, "bK7/8/8/3gPrK3/8/8/8/yK2gR3gK r - 0,0,0,0 0");
  EXPECT_FALSE(has(moves_from(near, "e5"), "e5d5"));
}

TEST(Teams, OtherPiecesMayExposeTheirKing) {
  // The red rook on e4 shields its king from the green rook on e1 and may still leave.
  const Position pos = fen(T, "bK7/8/8/4rK3/4rR3/8/8/yK3gR2gK r - 0,0,0,0 0");
  EXPECT_TRUE(has(moves_from(pos, "e4"), "e4a4"));
}

TEST(Teams, PartnersNeitherCaptureNorAttack) {
  // Yellow (red's partner) rook on d1 does not restrict the red king, and red cannot take it.
  const Position pos = fen(T, "bK7/8/8/4rK3/8/8/8/gK2yR3yK r - 0,0,0,0 0");
  EXPECT_EQ(moves_from(pos, "e5").size(), 8u);
  const Position beside = fen(T, "bK7/8/8/3yPrK3/8/8/8/gK6yK r - 0,0,0,0 0");
  EXPECT_FALSE(has(moves_from(beside, "e5"), "e5d5"));
}

TEST(Teams, DeadArmySkippedAttacksNothingAndIsCapturable) {
  // Red takes the green king; green's turns are skipped.
  Position pos = fen(T, "yK2yR4/8/8/8/8/8/rR6gK/rK2bK3gP r - 0,0,0,0 0");
  pos = play(pos, "a2h2");
  EXPECT_FALSE(pos.is_in(1));
  EXPECT_EQ(pos.turn(), 2);
  // The dead green pawn on h1 may be taken by red, not by black (its partner).
  pos.set_turn(0);
  EXPECT_TRUE(has(moves_from(pos, "h2"), "h2h1"));
  // A dead green rook on d1 no longer guards the d-file.
  const Position dead = fen(T, "bK7/8/8/4rK3/8/8/8/yK2gR4 r g 0,0,0,0 0");
  EXPECT_EQ(moves_from(dead, "e5").size(), 8u);
}

TEST(Teams, BlackCannotTakeItsDeadPartnersPieces) {
  const Position pos = fen(T, "8/8/8/8/8/8/1gP6/bK1rK1yK3 b g 0,0,0,0 0");
  EXPECT_FALSE(has(moves_from(pos, "a1"), "a1b2"));
  EXPECT_TRUE(has(moves_from(pos, "a1"), "a1a2"));
}

TEST(Teams, PassOnlyWithoutMoves) {
  // Yellow's king a1: b1 and b2 swept by black's rook b8, a2 by green's rook h2.
  const Position pos = fen(T, "1bR2rK3/8/8/8/8/bK7/7gR/yK6gK y - 0,0,0,0 0");
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"pass"}));
  const Position after = play(pos, "pass");
  EXPECT_EQ(after.turn(), 3);
  EXPECT_FALSE(parse_move(Position::start(T), "pass").ok());
}

TEST(Teams, PromotionIsTheOwnersChoice) {
  const Position pos = fen(T, "bK7/2yP5/8/8/8/8/8/rK3yK1gK1 y - 0,0,0,0 0");
  EXPECT_EQ(moves_from(pos, "c7"), (std::vector<std::string>{"c7c8b", "c7c8n", "c7c8r"}));
  EXPECT_FALSE(parse_move(pos, "c7c8").ok());
  const Position knight = play(pos, "c7c8n");
  EXPECT_EQ(knight.piece_on(parse_square("c8")), make_piece(2, KNIGHT));
}

TEST(Teams, BothEnemyKingsCapturedWins) {
  Game game(fen(T, "yK2yR4/8/8/8/8/8/rR6gK/rK2bK4 r - 0,0,0,0 0"));
  ASSERT_TRUE(game.play_text("a2h2").ok());
  EXPECT_FALSE(game.over());
  ASSERT_TRUE(game.play_text("d8d1").ok());  // yellow (green skipped) takes black's king
  const Outcome o = game.outcome();
  EXPECT_TRUE(o.over);
  EXPECT_EQ(o.reason, Reason::KingsCaptured);
  EXPECT_EQ(result_text(rules(T), o), "red+yellow");
}

TEST(Teams, DrawWhenNobodyCanMove) {
  // Red and green are walled in by their own pawns and their partners' dead pieces.
  const Position pos = fen(T, "5bPgPgK/5bPbPgP/6bP1/8/8/8/rPrP6/rKyNyN5 r yb 0,0,0,0 0");
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"pass"}));
  const Outcome o = Game(pos).outcome();
  EXPECT_TRUE(o.over);
  EXPECT_EQ(o.reason, Reason::NoMove);
  EXPECT_EQ(result_text(rules(T), o), "draw");
}

TEST(Teams, DrawByFiftyRoundsAndRepetition) {
  Game fifty(fen(T, "bK7/8/8/8/8/8/8/rK3yK2gK r - 0,0,0,0 199"));
  EXPECT_FALSE(fifty.over());
  ASSERT_TRUE(fifty.play_text("a1a2").ok());
  EXPECT_EQ(fifty.outcome().reason, Reason::FiftyRounds);
  EXPECT_EQ(result_text(rules(T), fifty.outcome()), "draw");

  Game rep(fen(T, "bK7/8/8/8/8/8/8/rK3yK2gK r - 0,0,0,0 0"));
  for (int round = 0; round < 2; ++round)
    for (const char* m : {"a1a2", "h1h2", "e1e2", "a8a7", "a2a1", "h2h1", "e2e1", "a7a8"})
      ASSERT_TRUE(rep.play_text(m).ok()) << m;
  EXPECT_EQ(rep.outcome().reason, Reason::Repetition);
}

TEST(Teams, ResignLosesForTheTeam) {
  Game game(T);
  ASSERT_TRUE(game.play_text("resign").ok());
  EXPECT_EQ(result_text(rules(T), game.outcome()), "green+black");
  EXPECT_FALSE(game.play_text("e7e6").ok());
}

}  // namespace
}  // namespace chaturaji
