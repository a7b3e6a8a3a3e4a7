// What a game review of `points` needs beyond the bot's best move: a value
// for every legal move of the player to move, from that player's view and
// in points (the margin over the best other player, once the captures that
// follow have settled), so that the move played can be set against the
// best. Every move is judged the same way, so the difference is fair even
// where the bot's deeper search and a quick look would disagree.
#pragma once

#include <nlohmann/json.hpp>

#include "chaturaji/position.h"

namespace server {

// {"e2e3": 1.5, ...} for a position of `points` whose player to move is in;
// {} otherwise. Deterministic: bounded by a node count, not a clock.
nlohmann::json points_move_values(const chaturaji::Position& pos);

}  // namespace server
