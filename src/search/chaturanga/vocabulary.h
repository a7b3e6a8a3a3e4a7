// The two-player searches speak the rules' words: inside search::chaturanga,
// `Position`, `Move`, `Color` and `chaturanga::X` name the rules' own types,
// while the game-free parts of search/ (the table, scores, limits) are found
// in the enclosing namespace.
#pragma once

#include "chaturanga/types.h"

namespace search::chaturanga {

using namespace ::chaturanga;  // NOLINT(google-build-using-namespace): the vocabulary is the point

}  // namespace search::chaturanga
