// `chaturanga uci`: the UCI loop, a thin translator over the engine.
#pragma once

#include <iosfwd>

#include "uci/game_session.h"

namespace uci {

int run(std::istream& in, std::ostream& out, const Bounds& bounds = {});

}  // namespace uci
