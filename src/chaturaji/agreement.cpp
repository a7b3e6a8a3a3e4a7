#include "chaturaji/agreement.h"

namespace chaturaji {

SeatMask agreement_seats(const Position& pos) { return pos.movers(); }

}  // namespace chaturaji
