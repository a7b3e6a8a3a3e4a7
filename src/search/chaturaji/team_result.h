// Game ends that searches of `teams` and `dice` see inside their trees, from
// the view of `seat`'s team: both enemy kings gone is a win, both of ours a
// loss; the fifty-round rule and a repetition on the path are draws.
#pragma once

#include <algorithm>
#include <bit>
#include <optional>
#include <vector>

#include "chaturaji/position.h"
#include "core/zobrist.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

inline std::optional<int> kings_result(const chaturaji::Position& pos, int seat, int win_score) {
  const bool ours = pos.has_king(seat) || pos.has_king(chaturaji::partner_of(seat));
  const bool theirs = pos.has_king(seat ^ 1) || pos.has_king(seat ^ 3);
  if (!theirs) return win_score;
  if (!ours) return -win_score;
  return std::nullopt;
}

inline bool fifty_rounds(const chaturaji::Position& pos) {
  return pos.clock() >= 50 * std::max(std::popcount(unsigned(pos.movers())), 1);
}

// True when `key` occurs among the ancestors (`keys`, oldest first) since the
// last irreversible move; the clock (in turns) bounds how far back to look.
inline bool repeated(const std::vector<core::Key>& keys, core::Key key, int clock) {
  const int n = int(keys.size());
  const int oldest = std::max(0, n - 2 * clock - 2);
  for (int i = n - 1; i >= oldest; --i)
    if (keys[std::size_t(i)] == key) return true;
  return false;
}

}  // namespace search::chaturaji
