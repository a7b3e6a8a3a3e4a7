// The network's sums along the search's current line: a node's sums come
// from its parent's (the few pieces a move changes) instead of being summed
// afresh over the whole board. Fixed point makes both the same to the bit.
#pragma once

#include <array>

#include "chaturanga/position.h"
#include "search/chaturanga/network.h"
#include "search/score.h"

namespace search::chaturanga {

class NetworkLine {
 public:
  // The search reached `pos` at `ply`; its sums are not known yet. `pos`
  // lives until the search leaves the node.
  void enter(int ply, const ::chaturanga::Position& pos) {
    Entry& e = line_[ply];
    e.pos = &pos;
    e.net = nullptr;
  }
  // `net`'s output (a logit) for the position entered at `ply`, side to
  // move's view. Every ply from 0 to `ply` has been entered, on this line.
  float logit(const Network& net, int ply);

 private:
  struct Entry {
    const ::chaturanga::Position* pos = nullptr;
    const Network* net = nullptr;  // whose sums `acc` holds; null: none yet
    NetAccumulator acc;
  };
  std::array<Entry, MAX_PLY + 2> line_;
};

}  // namespace search::chaturanga
