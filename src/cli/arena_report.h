// The arena's report: per bot its score or first places with 95 % error
// bars, places, results by seat, an outside program's forfeits and info;
// the endings and the forfeits of the games.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <vector>

#include "cli/arena_game.h"

namespace cli::arena {

void report(const ArenaOptions& o, const std::vector<GameRecord>& games,
            const std::vector<std::int64_t>& max_ms, std::ostream& out);

}  // namespace cli::arena
