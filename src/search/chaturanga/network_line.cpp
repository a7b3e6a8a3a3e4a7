#include "search/chaturanga/network_line.h"

namespace search::chaturanga {

float NetworkLine::logit(const Network& net, int ply) {
  Entry& here = line_[ply];
  if (here.net != &net) {
    // From the nearest ancestor with sums (else the root's, summed afresh),
    // each position down the line updated and kept for its other children.
    int from = ply;
    while (from > 0 && line_[from].net != &net) --from;
    if (line_[from].net != &net) {
      net_refresh(net, *line_[from].pos, line_[from].acc);
      line_[from].net = &net;
    }
    for (int p = from + 1; p <= ply; ++p) {
      net_update(net, *line_[p - 1].pos, *line_[p].pos, line_[p - 1].acc, line_[p].acc);
      line_[p].net = &net;
    }
  }
  return net_output(net, here.acc, here.pos->side_to_move());
}

}  // namespace search::chaturanga
