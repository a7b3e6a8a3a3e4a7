// `chaturanga uci`: the UCI loop, a thin translator over the engine.
#pragma once

#include <iosfwd>

namespace uci {

int run(std::istream& in, std::ostream& out);

}  // namespace uci
