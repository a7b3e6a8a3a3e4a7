// The two-player transposition table (search/tt.h) stores moves as 16 raw
// bits; a four-handed move has the same width, so the table is shared and
// only the move type is translated at its edge.
#pragma once

#include "chaturaji/types.h"
#include "chaturanga/types.h"
#include "search/chaturaji/vocabulary.h"
#include "search/tt.h"

namespace search::chaturaji {

inline chaturanga::Move to_tt_move(chaturaji::Move m) { return chaturanga::Move::from_raw(m.raw()); }
inline chaturaji::Move from_tt_move(chaturanga::Move m) {
  const std::uint16_t r = m.raw();
  return chaturaji::Move(core::Square(r & 63), core::Square((r >> 6) & 63), chaturaji::Move::Type(r >> 12));
}

}  // namespace search::chaturaji
