// The project's compact notation for four-handed positions (docs/chaturaji.md):
//   <board> <turn> <out> <scores> <clock> [key=value ...]
// board: ranks 8 to 1 split by '/', each square a run of empty squares (1-8)
// or a colour letter and a piece letter (`rK`); turn: a colour letter; out:
// the letters of the players who are out, upper case for those who resigned
// or ran out of time, or '-'; scores: four integers in turn order; clock:
// turns since the last capture or pawn move. The dice state follows as
// `dice=34,25` (this turn's throw first, then the ring of later throws),
// `used=1|2` (the die of this turn already used), `moved=N`, `lost=0010`,
// `reenter=<letters>`, `thrones=<taker><victim>,...`; defaults are left out.
#pragma once

#include <string>
#include <string_view>

#include "chaturaji/position.h"
#include "core/expected.h"

namespace chaturaji {

std::string to_fen(const Position& pos);
core::Expected<Position> parse_fen(Variant v, std::string_view text);
std::string start_fen(Variant v);

// The seat with colour letter c, or -1.
int seat_of_letter(const RuleSet& r, char c);

}  // namespace chaturaji
