// Who has a say when a game is to end, or go back, by agreement (a draw, a
// take-back among people): every player still in, that is every seat whose
// turns are not skipped (in `dice`, one that may put its king back counts).
// A player who is out has no say: it cannot offer, and nobody waits for it.
// Offers are per seat: one person holding several seats agrees from each of
// them, and the other players' seats are needed as well, so nobody ends a
// game for a table of people alone (docs/chaturaji.md, "Agreements").
#pragma once

#include "chaturaji/position.h"

namespace chaturaji {

SeatMask agreement_seats(const Position& pos);

}  // namespace chaturaji
