// Edges of `points` beyond the reference data: resignation, passes, claims,
// draws, dead pieces, promotion. Seats: 0 red (south), 1 blue (west),
// 2 yellow (north), 3 green (east).
#include "chaturaji/game.h"
#include "chaturaji/scoring.h"
#include "test_util.h"

namespace chaturaji {
namespace {

using test::fen;
using test::has;
using test::legal;
using test::play;
constexpr Variant P = Variant::Points;

TEST(Points, ResignedPlayersKingStaysAndIsWorthThree) {
  Game game(P);
  ASSERT_TRUE(game.play_text("resign").ok());
  const Position& pos = game.position();
  EXPECT_FALSE(pos.is_in(0));
  EXPECT_TRUE(pos.has_king(0));
  EXPECT_EQ(pos.turn(), 1);
  EXPECT_EQ(capture_value(pos, make_piece(0, KING)), 3);
  EXPECT_EQ(capture_value(pos, make_piece(0, BISHOP)), 0);
  EXPECT_EQ(capture_value(pos, make_piece(1, BISHOP)), 5);
  const Position taken = play(fen(P, "bK6yK/8/8/8/8/8/rP7/rK1bR4gK b R 0,0,0,0 0"), "c1a1");
  EXPECT_EQ(taken.score(1), 3);
}

TEST(Points, OneWhoLeavesTheWholeGameIsNeverAmongItsWinners) {
  // At 0-0-0-0 the three others share the win; the leaver has no part in it.
  const Game start(P);
  for (int seat = 0; seat < SEAT_COUNT; ++seat) {
    const Outcome o = ended_by_resignation(start, seat);
    EXPECT_TRUE(o.over);
    EXPECT_EQ(o.winners, SeatMask(0xF & ~seat_bit(seat))) << "seat " << seat;
  }
  // Ahead on points, the leaver still loses to the best of the others.
  const Game scored(fen(P, "bK6yK/8/8/8/8/8/8/rK6gK r - 9,4,7,4 0"));
  EXPECT_EQ(ended_by_resignation(scored, 0).winners, SeatMask(seat_bit(2)));
  EXPECT_EQ(ended_by_resignation(scored, 2).winners, SeatMask(seat_bit(0)));
}

TEST(Points, DeadPiecesBlockAttackNothingAndScoreZero) {
  // Yellow is out: its bishop c3 is taken by a red pawn for nothing.
  Position pos = fen(P, "bK6gK/8/8/8/8/2yB5/1rP6/rK7 r y 0,0,0,0 0");
  EXPECT_TRUE(has(legal(pos), "b2c3"));
  pos = play(pos, "b2c3");
  EXPECT_EQ(pos.score(0), 0);
}

TEST(Points, PromotionToSailboatAlsoWhenCapturing) {
  const Position pos = fen(P, "bK5yKyN/6rP1/8/8/8/8/8/rK5gK1 r - 0,0,0,0 0");
  const auto plain = parse_move(pos, "g7h8");
  const auto marked = parse_move(pos, "g7h8=R");
  ASSERT_TRUE(plain.ok() && marked.ok());
  EXPECT_EQ(*plain, *marked);
  const Position after = pos.after(*plain);
  EXPECT_EQ(after.piece_on(parse_square("h8")), make_piece(0, ROOK));
  EXPECT_EQ(after.score(0), 3);
}

TEST(Points, APlayerWithoutMovesPasses) {
  const Position pos = fen(P, "bK6yK/8/8/8/rK7/8/gPgPgPgPgPgPgPgP/gPgPgPgPgPgPgPgK g - 0,0,0,0 0");
  EXPECT_EQ(legal(pos), (std::vector<std::string>{"pass"}));
  EXPECT_EQ(play(pos, "pass").turn(), 0);
}

TEST(Points, NoMovesOnceOnePlayerIsLeft) {
  const Position pos = fen(P, "8/8/8/8/8/8/8/rK7 r byg 0,0,0,0 0");
  EXPECT_TRUE(legal(pos).empty());
  const Outcome o = Game(pos).outcome();
  EXPECT_EQ(o.reason, Reason::LastPlayer);
}

TEST(Points, LastPlayerGainsThreePerKingOnTheBoard) {
  const Position pos = fen(P, "bK7/8/8/8/8/8/8/rK6yK r BYg 4,0,0,0 0");
  EXPECT_EQ(final_scores(pos, Ending::LastPlayer), (std::array<int, 4>{10, 0, 0, 0}));
}

TEST(Points, ClaimWinWhenTheOtherCannotOvertake) {
  const Position lead = fen(P, "bK7/8/8/8/8/8/8/rK7 r yg 20,0,0,0 0");
  EXPECT_TRUE(may_claim(lead));
  Game game(lead);
  ASSERT_TRUE(game.play_text("claim").ok());
  const Outcome o = game.outcome();
  EXPECT_EQ(o.reason, Reason::Claim);
  EXPECT_EQ(o.scores, (std::array<int, 4>{23, 0, 0, 0}));
  EXPECT_EQ(result_text(rules(P), o), "red");
  // Blue could still take red's king (3): 2 + 3 > 4.
  const Position close = fen(P, "bK7/8/8/8/8/8/8/rK7 r yg 4,2,0,0 0");
  EXPECT_FALSE(may_claim(close));
  EXPECT_FALSE(parse_move(close, "claim").ok());
  // Three players in: no claim.
  EXPECT_FALSE(may_claim(fen(P, "bK7/8/8/8/8/8/8/rK6gK r y 40,0,0,0 0")));
}

TEST(Points, DrawGivesTwoToEachPlayerStillInAndMostPointsWins) {
  Game game(fen(P, "bK7/8/8/8/8/8/8/rK6gK r y 5,1,0,0 149"));
  EXPECT_FALSE(game.over());
  ASSERT_TRUE(game.play_text("a1a2").ok());
  const Outcome o = game.outcome();
  EXPECT_EQ(o.reason, Reason::FiftyRounds);
  EXPECT_EQ(o.scores, (std::array<int, 4>{7, 3, 0, 2}));
  EXPECT_EQ(result_text(rules(P), o), "red");
}

TEST(Points, CheckBonusCountsNewSquaresAndOnlyPlayersStillIn) {
  // The sailboat g5-h5 newly attacks green (h4) and yellow (h8), and blue (a5)
  // from a new square: three kings, +5.
  const Position pos = fen(P, "7yK/8/8/bK5rR1/7gK/8/8/rK7 r - 0,0,0,0 0");
  EXPECT_EQ(play(pos, "g5h5").score(0), 5);
  // Blue has resigned: its king no longer counts, two kings, +1.
  const Position resigned = fen(P, "7yK/8/8/bK5rR1/7gK/8/8/rK7 r B 0,0,0,0 0");
  EXPECT_EQ(play(resigned, "g5h5").score(0), 1);
}

}  // namespace
}  // namespace chaturaji
