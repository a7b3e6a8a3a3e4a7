#include "server/ratings/standings.h"

namespace server::ratings {

std::vector<Glicko> rate_by_places(const std::vector<Glicko>& before, const std::vector<int>& places,
                                   const SystemConstants& c) {
  std::vector<Glicko> after;
  after.reserve(before.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    std::vector<Encounter> encounters;
    for (std::size_t j = 0; j < before.size(); ++j) {
      if (j == i) continue;
      const double score = places[i] < places[j] ? 1 : places[i] == places[j] ? 0.5 : 0;
      encounters.push_back({before[j], score});
    }
    after.push_back(update(before[i], encounters, c));
  }
  return after;
}

}  // namespace server::ratings
