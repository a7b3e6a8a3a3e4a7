// The two-player bot's levels for people: 1 (a beginner who blunders like one) to 8
// (full strength). A level is a search limit plus a chance to prefer a
// worse move, decided by a seeded generator so that a level is repeatable.
#pragma once

#include <cstdint>
#include <iterator>

#include "core/rng.h"
#include "search/chaturanga/search.h"

namespace engine {

struct LevelSpec {
  int depth = 0;            // 0: no depth limit
  std::uint64_t nodes = 0;  // 0: no node limit
  int multipv = 1;          // candidate moves considered
  int noise_cp = 0;         // how far a worse move may be preferred
};

LevelSpec level_spec(int level);

// Picks among the result's lines: each line's score plus a random bonus of
// up to noise_cp; the best total wins. With noise 0, the best move.
chaturanga::Move pick_move(const search::chaturanga::Result& result, const LevelSpec& spec, core::Rng& rng);

// UCI's Skill Level (0..20) as one of our levels.
int level_for_skill(int skill);

// Each level's strength on an Elo scale measured by matches of each level
// against the one below (docs/engine.md shows the ladder and its games);
// level 1 is put at 800 by convention: only the differences are measured.
inline constexpr int LEVEL_ELO[] = {800, 1003, 1138, 1284, 1589, 1991, 2639, 2952};
inline constexpr int MIN_ELO = LEVEL_ELO[0];
inline constexpr int MAX_ELO = LEVEL_ELO[std::size(LEVEL_ELO) - 1];

// UCI_Elo as a level: the strongest level not above `elo`.
int level_for_elo(int elo);

}  // namespace engine
