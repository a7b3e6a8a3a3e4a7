// What a game review of `points` needs beyond the bot's best move: a value
// for every legal board move of the player to move, from that player's view
// and in points (the margin over the best other player, once the captures
// that follow have settled), so that the move played can be set against the
// best. Every move is judged the same way, so the difference is fair even
// where the bot's deeper search and a quick look would disagree.
#pragma once

#include <utility>
#include <vector>

#include "chaturaji/position.h"

namespace engine {

// Each board move with its value, in generation order, for a position of
// `points` whose player to move is in; empty otherwise. Deterministic:
// bounded by a node count, not a clock.
std::vector<std::pair<chaturaji::Move, double>> points_move_values(const chaturaji::Position& pos);

}  // namespace engine
