// The four-handed searches speak the rules' words: inside search::chaturaji,
// `Position`, `Move`, `Seat` and `chaturaji::X` name the rules' own types,
// while the game-free parts of search/ (the table, scores, limits) are found
// in the enclosing namespace.
#pragma once

#include "chaturaji/types.h"

namespace search::chaturaji {

using namespace ::chaturaji;  // NOLINT(google-build-using-namespace): the vocabulary is the point

}  // namespace search::chaturaji
