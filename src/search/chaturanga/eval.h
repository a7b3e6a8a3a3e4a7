// Static evaluation of a Chaturanga position in centipawns, from the side to
// move's view. Terminal positions (king gone, bare king) are the search's job.
#pragma once

#include "chaturanga/position.h"
#include "search/chaturanga/vocabulary.h"

namespace search::chaturanga {

class NetworkLine;

// The hand-made evaluation, corrected by the game's network where it has one.
int evaluate(const chaturanga::Position& pos);
// The same, the network's sums carried along the search's line: `pos` is
// the position `line` entered at `ply`.
int evaluate(const chaturanga::Position& pos, NetworkLine& line, int ply);
// The hand-made evaluation alone (eval_params.h's weights).
int hand_made_evaluate(const chaturanga::Position& pos);

// Middle-game weight of a position, 0 (bare end game) .. PHASE_MAX (start).
constexpr int PHASE_MAX = 30;
int game_phase(const chaturanga::Position& pos);

}  // namespace search::chaturanga
