#include "server/review.h"

#include "chaturaji/notation.h"
#include "engine/points_review.h"

namespace server {

nlohmann::json points_move_values(const chaturaji::Position& pos) {
  nlohmann::json values = nlohmann::json::object();
  for (const auto& [move, points] : engine::points_move_values(pos))
    values[chaturaji::to_text(pos, move)] = points;
  return values;
}

}  // namespace server
