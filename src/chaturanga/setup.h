// Whether a position set up by hand (the analysis board's editor) could come
// from a game. The FEN reader already refuses a second king and foot
// soldiers on the edge ranks, but accepts a side without a king, which perft
// and tests use; a player's setup needs one king on each side.
#pragma once

#include <string>

#include "chaturanga/position.h"

namespace chaturanga {

// "" for a possible setup, else what is wrong, in players' words.
std::string setup_error(const Position& pos);

}  // namespace chaturanga
