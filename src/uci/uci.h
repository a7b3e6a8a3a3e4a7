// `chaturanga uci`: the UCI loop, a thin translator over the engine.
#pragma once

#include <iosfwd>

#include "uci/game_session.h"

namespace uci {

// `tuning` (`chaturanga uci --tune`) adds the search's constants
// (engine/search_tuning.h) to the options, for scripts/spsa.py.
int run(std::istream& in, std::ostream& out, const Bounds& bounds = {}, bool tuning = false);

}  // namespace uci
