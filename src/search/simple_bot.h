// A small material-only alpha-beta: the terminal game's opponent until the
// engine is in, and a fixed baseline for tests.
#pragma once

#include "chaturanga/position.h"

namespace search {

chaturanga::Move simple_bot_move(const chaturanga::Position& pos, int depth);

}  // namespace search
