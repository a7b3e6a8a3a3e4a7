// Who has a say in an agreement: every player still in, whatever the rule set.
#include "chaturaji/agreement.h"

#include "test_util.h"

namespace chaturaji {
namespace {

using test::fen;
using test::play;

TEST(Agreement, EveryPlayerStillInHasASay) {
  for (const Variant v : {Variant::Teams, Variant::Dice, Variant::Points})
    EXPECT_EQ(agreement_seats(Position::start(v)), ALL_SEATS);
}

TEST(Agreement, APlayerWhoIsOutHasNone) {
  // teams: green's king is gone; red, yellow and black are still in.
  const Position teams = fen(Variant::Teams, "bK7/8/8/8/8/8/8/rK3yK3 r g 0,0,0,0 0");
  EXPECT_EQ(agreement_seats(teams), SeatMask(seat_bit(0) | seat_bit(2) | seat_bit(3)));
  // points: red resigned, so only blue, yellow and green decide.
  const Position points = play(Position::start(Variant::Points), "resign");
  EXPECT_EQ(agreement_seats(points), SeatMask(seat_bit(1) | seat_bit(2) | seat_bit(3)));
}

TEST(Agreement, ADiceKingThatMayComeBackHasASay) {
  const Position pos =
      fen(Variant::Dice, "4rK3/8/8/bK7/8/8/yP7/8 y gy 0,0,0,0 0 dice=34 lost=0110 reenter=y");
  EXPECT_EQ(agreement_seats(pos), SeatMask(seat_bit(0) | seat_bit(2) | seat_bit(3)));
}

}  // namespace
}  // namespace chaturaji
