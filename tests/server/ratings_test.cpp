// Glicko-2 against the worked example of Glickman's paper ("Example of the
// Glicko-2 system"), and a game as encounters by finishing place.
#include <gtest/gtest.h>

#include <cmath>

#include "chaturaji/game.h"
#include "chaturaji/rules.h"
#include "server/ratings/glicko2.h"
#include "server/ratings/standings.h"

namespace server::ratings {
namespace {

// The paper's player (1500, RD 200, volatility 0.06) meets three opponents
// in one period with tau 0.5: a win, then two losses.
const Glicko PLAYER{1500, 200, 0.06};
const std::vector<Encounter> PERIOD = {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};

// The paper rounds g and E to four places on the way, so its v (1.7785)
// and delta (-0.4834) are a little off the exact 1.77898 and -0.48393.
TEST(Glicko2, TheWorkedExampleEstimatesVarianceAndImprovement) {
  const Estimate e = estimate(PLAYER, PERIOD);
  EXPECT_NEAR(e.variance, 1.7785, 0.001);
  EXPECT_NEAR(e.delta, -0.4834, 0.001);
  EXPECT_NEAR(e.variance, 1.77898, 0.00001);
  EXPECT_NEAR(e.delta, -0.48393, 0.00001);
}

TEST(Glicko2, TheWorkedExampleGivesThePapersNewRating) {
  const Glicko after = update(PLAYER, PERIOD, {.tau = 0.5});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.rd, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  const Glicko after = update(PLAYER, {});
  EXPECT_EQ(after.rating, PLAYER.rating);
  EXPECT_NEAR(after.rd, std::sqrt(200.0 * 200.0 + 0.06 * 0.06 * 173.7178 * 173.7178), 0.001);
  EXPECT_EQ(update(NEW_PLAYER, {}).rd, 350);
}

TEST(Standings, TheWinnerOfTwoNewPlayersGainsWhatTheLoserLoses) {
  const auto after = rate_by_places({NEW_PLAYER, NEW_PLAYER}, {1, 2});
  ASSERT_EQ(after.size(), 2u);
  EXPECT_GT(after[0].rating, 1500);
  EXPECT_LT(after[1].rating, 1500);
  EXPECT_NEAR(after[0].rating - 1500, 1500 - after[1].rating, 1e-6);
  EXPECT_LT(after[0].rd, 350);
  EXPECT_LT(after[1].rd, 350);
}

TEST(Standings, ADrawBetweenEqualsMovesNoRating) {
  const auto after = rate_by_places({NEW_PLAYER, NEW_PLAYER}, {1, 1});
  EXPECT_NEAR(after[0].rating, 1500, 1e-9);
  EXPECT_NEAR(after[1].rating, 1500, 1e-9);
}

TEST(Standings, FourHandedPlacesAreResultsAgainstEachOtherPlayer) {
  const auto after = rate_by_places({NEW_PLAYER, NEW_PLAYER, NEW_PLAYER, NEW_PLAYER}, {1, 2, 2, 4});
  EXPECT_GT(after[0].rating, after[1].rating);
  EXPECT_NEAR(after[1].rating, after[2].rating, 1e-9);  // level: a draw with each other
  EXPECT_NEAR(after[1].rating, 1500, 1e-9);             // one win, one draw, one loss
  EXPECT_GT(after[2].rating, after[3].rating);
  // Player 0 beat three: the same as three separate wins in one period.
  const Glicko three_wins = update(NEW_PLAYER, {{NEW_PLAYER, 1}, {NEW_PLAYER, 1}, {NEW_PLAYER, 1}});
  EXPECT_NEAR(after[0].rating, three_wins.rating, 1e-9);
}

TEST(FinishingPlaces, TeamsShareTheirPlaceAndPointsRankByScore) {
  using namespace chaturaji;
  const auto teams =
      finishing_places(rules(Variant::Teams), SeatMask(seat_bit(0) | seat_bit(2)), {5, 30, 1, 0});
  EXPECT_EQ(teams, (std::array<int, 4>{1, 3, 1, 3}));  // a tie shares the better place
  const auto points = finishing_places(rules(Variant::Points), seat_bit(1), {10, 40, 25, 10});
  EXPECT_EQ(points, (std::array<int, 4>{3, 1, 2, 3}));
  const auto draw = finishing_places(rules(Variant::Points), 0, {10, 40, 25, 10});
  EXPECT_EQ(draw, (std::array<int, 4>{1, 1, 1, 1}));
}

}  // namespace
}  // namespace server::ratings
