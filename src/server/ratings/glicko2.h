// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one
// player's rating after one rating period, from the results against the
// opponents met in it. Pure arithmetic: no game, no store, no clock.
// Ratings are kept on the Glicko scale (1500, RD 350); the step to the
// Glicko-2 scale and back is inside update().
#pragma once

#include <vector>

namespace server::ratings {

struct Glicko {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
};

// A rating a new player starts from.
inline constexpr Glicko NEW_PLAYER{};

struct Encounter {
  Glicko opponent;  // as it stood before the period
  double score;     // 1 a win, 0.5 a draw, 0 a loss
};

struct SystemConstants {
  double tau = 0.5;  // how fast volatility may change (Glickman: 0.3 to 1.2)
  double epsilon = 0.000001;
  double max_rd = 350;  // an RD never grows past a new player's
};

// The player's rating after a period with `encounters`; with none, only the
// RD grows (the rating is less certain after a period without games).
Glicko update(const Glicko& player, const std::vector<Encounter>& encounters, const SystemConstants& c = {});

// The quantities of the paper's steps 3 and 4, for the tests of the worked
// example: the estimated variance v and the improvement delta.
struct Estimate {
  double variance;
  double delta;
};
Estimate estimate(const Glicko& player, const std::vector<Encounter>& encounters);

}  // namespace server::ratings
