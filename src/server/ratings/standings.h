// A rated game as rating periods: every player against every other, a win
// over each who finished behind, a draw with each who finished level, a
// loss to each ahead (docs/api.md, Ratings). The two-player game is the
// case of two places. Each player's new rating is computed from the
// ratings all players had before the game.
#pragma once

#include <vector>

#include "server/ratings/glicko2.h"

namespace server::ratings {

// `places[i]` is player i's finishing place (1 first; equal places for a
// tie). Returns the players' ratings after the game, in the same order.
std::vector<Glicko> rate_by_places(const std::vector<Glicko>& before, const std::vector<int>& places,
                                   const SystemConstants& c = {});

}  // namespace server::ratings
