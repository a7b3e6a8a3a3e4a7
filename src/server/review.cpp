#include "server/review.h"

#include <algorithm>

#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "search/chaturaji/control.h"
#include "search/chaturaji/points_view.h"

namespace server {

namespace {

// Enough for the capture sequences after every move of a crowded position,
// small enough to answer within milliseconds.
constexpr std::uint64_t NODES_PER_MOVE = 20000;
// A value past this many points is a game won or lost: kept at the bound.
constexpr int POINTS_SHOWN = 99;

}  // namespace

nlohmann::json points_move_values(const chaturaji::Position& pos) {
  nlohmann::json values = nlohmann::json::object();
  const int root = pos.turn();
  if (pos.variant() != chaturaji::Variant::Points || !pos.is_in(root)) return values;
  chaturaji::MoveList list;
  chaturaji::generate(pos, list);
  for (const chaturaji::Move m : list) {
    if (!m.is_board_move()) continue;
    chaturaji_search::Limits limits;
    limits.nodes = NODES_PER_MOVE;
    chaturaji_search::Control control(limits);
    const int centipoints = chaturaji_search::points_quiesce(
        pos.after(m), root, -chaturaji_search::POINTS_WIN * 2, chaturaji_search::POINTS_WIN * 2, 0, control);
    const double points = std::clamp(centipoints / 100.0, double(-POINTS_SHOWN), double(POINTS_SHOWN));
    values[chaturaji::to_text(pos, m)] = points;
  }
  return values;
}

}  // namespace server
