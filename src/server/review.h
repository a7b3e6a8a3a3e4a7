// The review values of a `points` position as the page reads them: the
// engine's value of every legal move (engine/points_review.h), keyed by the
// move's text.
#pragma once

#include <nlohmann/json.hpp>

#include "chaturaji/position.h"

namespace server {

// {"e2e3": 1.5, ...} for a position of `points` whose player to move is in;
// {} otherwise. Deterministic: bounded by a node count, not a clock.
nlohmann::json points_move_values(const chaturaji::Position& pos);

}  // namespace server
