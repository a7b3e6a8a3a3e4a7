// The networks compiled into the engine, from src/search/chaturanga/networks/:
// Chaturanga's (for the seed's rules), Makruk's, Shatranj's and Sittuyin's,
// each trained on its own game's self-play, and Makruk's again for
// Cambodian (docs/engine.md, "A learned correction"). Chaturanga's other
// readings play with the hand-made evaluation alone unless a file gives
// them a network.
#pragma once

#include "chaturanga/rule_set.h"

namespace search::chaturanga {

struct Network;

// The game's built-in network, read once from the bytes compiled in; null
// for a game without one.
const Network* builtin_network(::chaturanga::Variant variant);

}  // namespace search::chaturanga
