// Edges of the `dice` rule set: seats as in `teams` (0 red north, 1 green
// east, 2 yellow south, 3 black west); the throw is part of the position.
#include "chaturaji/game.h"
#include "test_util.h"

namespace chaturaji {
namespace {

using test::fen;
using test::has;
using test::legal;
using test::moves_from;
using test::play;
constexpr Variant D = Variant::Dice;

std::string start_with(const std::string& dice) {
  return "bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0 "
         "dice=" +
         dice;
}

TEST(Dice, EachDieMovesOnlyItsKind) {
  EXPECT_EQ(legal(fen(D, start_with("33"))), (std::vector<std::string>{"g8f6", "g8h6"}));
  EXPECT_EQ(legal(fen(D, start_with("22"))), (std::vector<std::string>{"h8f6"}));
  // Die 5 moves a pawn (four pushes) or the king (to d8 or d7).
  EXPECT_EQ(legal(fen(D, start_with("55"))).size(), 6u);
}

TEST(Dice, SamePieceTwiceThenTheTurnPasses) {
  Position pos = play(fen(D, start_with("33")), "g8f6");
  EXPECT_EQ(pos.turn(), 0);
  EXPECT_EQ(pos.dice_left(), 2);
  EXPECT_TRUE(has(moves_from(pos, "f6"), "f6g4"));
  pos = play(pos, "f6g4");
  EXPECT_EQ(pos.turn(), 1);
  EXPECT_EQ(pos.dice_left(), 3);
}

TEST(Dice, ADieWithoutAMoveIsPassed) {
  EXPECT_EQ(legal(fen(D, start_with("44"))), (std::vector<std::string>{"pass"}));
  // The rook (4) is boxed in, so after the boat (2) moves the turn is over.
  const Position pos = play(fen(D, start_with("24")), "h8f6");
  EXPECT_EQ(pos.turn(), 1);
}

TEST(Dice, APlayerMayPassTheRestOfItsTurn) {
  Position pos = play(fen(D, start_with("35")), "g8f6");
  // Passing by choice is allowed but not generated (perft counts forced passes only).
  EXPECT_FALSE(has(legal(pos), "pass"));
  EXPECT_TRUE(may_pass(pos));
  pos = play(pos, "pass");
  EXPECT_EQ(pos.turn(), 1);
}

TEST(Dice, KingsMayMoveIntoAttack) {
  const Position pos = fen(D, "bK7/8/8/4rK3/8/8/8/yK2gR3gK r - 0,0,0,0 0 dice=55");
  EXPECT_TRUE(has(moves_from(pos, "e5"), "e5d5"));
}

TEST(Dice, PartnersPiecesButNeverThePartnersKing) {
  EXPECT_TRUE(has(moves_from(fen(D, "bK7/8/8/3yPrK3/8/8/8/gK6yK r - 0,0,0,0 0 dice=55"), "e5"), "e5d5"));
  EXPECT_FALSE(has(moves_from(fen(D, "bK7/8/8/3yKrK3/8/8/8/gK7 r - 0,0,0,0 0 dice=55"), "e5"), "e5d5"));
}

TEST(Dice, KingReentryAfterThePartnerTakesAKing) {
  // Yellow lost its king once; red takes green's king, so yellow may come back.
  Position pos = fen(D, "bK7/8/8/8/8/8/rR6gK/rK7 r y 0,0,0,0 0 dice=44 lost=0010");
  pos = play(pos, "a2h2");
  EXPECT_EQ(pos.reentry(), seat_bit(2));
  pos = play(pos, "pass");
  EXPECT_EQ(pos.turn(), 2);  // green (no king, no re-entry) is skipped
  const auto moves = legal(pos);
  EXPECT_EQ(moves.size(), 61u);  // every empty square (or a pass by choice)
  EXPECT_TRUE(has(moves, "K@d4"));
  EXPECT_FALSE(has(moves, "K@h2"));
  pos = play(pos, "K@d4");
  EXPECT_TRUE(pos.is_in(2));
  EXPECT_EQ(pos.reentry(), 0);
  EXPECT_EQ(pos.turn(), 3);  // the second move of that turn is passed
}

TEST(Dice, AKingCapturedTwiceCannotComeBack) {
  Position pos = fen(D, "bK7/8/8/8/8/8/rR6gK/rK7 r y 0,0,0,0 0 dice=44 lost=0020");
  pos = play(pos, "a2h2");
  EXPECT_EQ(pos.reentry(), 0);
  pos = play(pos, "pass");
  EXPECT_EQ(pos.turn(), 3);
}

TEST(Dice, NoReentryBeforeThePartnerTakesAKing) {
  Position pos = fen(D, "bK7/8/8/8/8/8/rR6gK/rK7 g y 0,0,0,0 0 dice=44 lost=0010");
  pos = play(pos, "pass");
  EXPECT_EQ(pos.turn(), 3);  // yellow's turn is skipped
}

TEST(Dice, PromotionBySquare) {
  Position pos = fen(D, "bK6rK/8/8/8/8/8/rP2rP4/6yKgK r - 0,0,0,0 0 dice=55");
  pos = play(pos, "a2a1");
  EXPECT_EQ(pos.piece_on(parse_square("a1")), make_piece(0, BOAT));
  pos = play(pos, "d2d1");
  EXPECT_EQ(pos.piece_on(parse_square("d1")), make_piece(0, KING));
  // Green heads west: by rank, 4 gives a king, 1 a boat, 2 a knight, 3 a rook.
  const Position green = fen(D, "bK6rK/8/8/8/1gP6/1gP6/1gP6/1gP4yKgK g - 0,0,0,0 0 dice=55");
  const auto kind_after = [&](const char* m) {
    return type_of(play(green, m).piece_on(parse_square(m + 2)));
  };
  EXPECT_EQ(kind_after("b4a4"), KING);
  EXPECT_EQ(kind_after("b3a3"), ROOK);
  EXPECT_EQ(kind_after("b2a2"), KNIGHT);
  EXPECT_EQ(kind_after("b1a1"), BOAT);
}

TEST(Dice, SeveralKingsAPlayerIsOutOnlyWithoutAny) {
  Position pos = fen(D, "bK6rK/8/8/8/8/8/3gR4/3rK2gK1 g y 0,0,0,0 0 dice=44");
  pos = play(pos, "d2d1");
  EXPECT_TRUE(pos.is_in(0));
  EXPECT_EQ(pos.kings_lost(0), 0);
  pos = fen(D, "bK6rK/8/8/8/8/8/8/6gKgR g y 0,0,0,0 0 dice=44");
  pos = play(pos, "h1h8");
  EXPECT_FALSE(pos.is_in(0));
  EXPECT_EQ(pos.kings_lost(0), 1);
}

TEST(Dice, ThroneStakes) {
  // Green's king starts on h4. Stepping onto it wins one stake, once.
  Position pos = fen(D, "bK7/8/8/6rK1/8/8/8/yK6gK r - 0,0,0,0 0 dice=55");
  pos = play(pos, "g5h4");
  EXPECT_EQ(pos.score(0), 1);
  EXPECT_EQ(pos.score(1), -1);
  pos = play(pos, "h4g4");
  pos.set_turn(0);
  pos.set_dice(Throw{5, 5});
  pos = play(pos, "g4h4");
  EXPECT_EQ(pos.score(0), 1);
  // Taking the green king on its throne wins a double stake.
  Position take = fen(D, "bK7/8/8/6rK1/7gK/8/8/yK7 r - 0,0,0,0 0 dice=55");
  take = play(take, "g5h4");
  EXPECT_EQ(take.score(0), 2);
  EXPECT_EQ(take.score(1), -2);
  EXPECT_EQ(to_fen(take).find("thrones=rg") != std::string::npos, true) << to_fen(take);
}

TEST(Dice, FiftyRoundsDraw) {
  Game game(fen(D, start_with("44").replace(start_with("44").find(" 0 dice"), 2, " 199")));
  ASSERT_TRUE(game.play_text("pass").ok());
  EXPECT_EQ(game.outcome().reason, Reason::FiftyRounds);
}

TEST(Dice, RepetitionIsNoDraw) {
  Game game(fen(D, "bK7/8/8/8/8/8/8/rK3yK2gK r - 0,0,0,0 0 dice=55,55"));
  for (int round = 0; round < 3; ++round)
    for (const char* m : {"a1a2", "a2a1", "h1h2", "h2h1", "e1e2", "e2e1", "a8a7", "a7a8"})
      ASSERT_TRUE(game.play_text(m).ok()) << m;
  EXPECT_FALSE(game.over());
}

TEST(Dice, TheGameThrowsSeededDice) {
  Game a(D, 7);
  Game b(D, 7);
  for (int i = 0; i < 40 && !a.over(); ++i) {
    MoveList list;
    generate(a.position(), list);
    a.play(list[0]);
    b.play(list[0]);
    const Throw t = a.position().dice();
    EXPECT_TRUE(t.first >= 2 && t.first <= 5 && t.second >= 2 && t.second <= 5);
    EXPECT_EQ(a.position(), b.position());
  }
  Game c(D, 7);
  ASSERT_TRUE(c.play_text("dice:33").ok());
  EXPECT_TRUE(has(legal(c.position()), "g8f6"));
  ASSERT_TRUE(c.play_text("g8f6").ok());
  EXPECT_FALSE(c.play_text("dice:55").ok());
}

}  // namespace
}  // namespace chaturaji
