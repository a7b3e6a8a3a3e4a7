#include "engine/chaturanga_levels.h"

#include <algorithm>

#include "engine/request.h"

namespace engine {

LevelSpec level_spec(int level) {
  switch (std::clamp(level, MIN_LEVEL, MAX_LEVEL)) {
    case 1: return {1, 0, 8, 500};
    case 2: return {1, 0, 6, 250};
    case 3: return {2, 0, 5, 140};
    case 4: return {3, 3000, 4, 60};
    case 5: return {5, 15000, 2, 20};
    case 6: return {7, 50000, 1, 0};
    case 7: return {0, 150000, 1, 0};
    default: return {0, 0, 1, 0};
  }
}

chaturanga::Move pick_move(const search::chaturanga::Result& result, const LevelSpec& spec, core::Rng& rng) {
  if (result.lines.empty() || spec.noise_cp <= 0) return result.best;
  chaturanga::Move best = result.best;
  long best_total = -1000000;
  for (const search::chaturanga::Line& line : result.lines) {
    // A forced result is never thrown away by noise, nor a forced loss chosen.
    const int score = std::clamp(line.score, -3000, 3000);
    const long total = score + long(rng.below(std::uint64_t(spec.noise_cp) + 1));
    if (total > best_total) {
      best_total = total;
      best = line.move;
    }
  }
  return best;
}

int level_for_skill(int skill) { return MIN_LEVEL + std::clamp(skill, 0, 20) * (MAX_LEVEL - MIN_LEVEL) / 20; }

int level_for_elo(int elo) {
  static_assert(std::size(LEVEL_ELO) == MAX_LEVEL - MIN_LEVEL + 1, "an Elo for every level");
  int level = MIN_LEVEL;
  for (int i = 0; i < int(std::size(LEVEL_ELO)); ++i)
    if (LEVEL_ELO[i] <= elo) level = MIN_LEVEL + i;
  return level;
}

}  // namespace engine
