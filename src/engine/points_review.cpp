#include "engine/points_review.h"

#include <algorithm>

#include "chaturaji/movegen.h"
#include "search/budget.h"
#include "search/chaturaji/points_view.h"

namespace engine {

namespace {

// Enough for the capture sequences after every move of a crowded position,
// small enough to answer within milliseconds.
constexpr std::uint64_t NODES_PER_MOVE = 20000;
// A value past this many points is a game won or lost: kept at the bound.
constexpr int POINTS_SHOWN = 99;

}  // namespace

std::vector<std::pair<chaturaji::Move, double>> points_move_values(const chaturaji::Position& pos) {
  std::vector<std::pair<chaturaji::Move, double>> values;
  const int root = pos.turn();
  if (pos.variant() != chaturaji::Variant::Points || !pos.is_in(root)) return values;
  chaturaji::MoveList list;
  chaturaji::generate(pos, list);
  for (const chaturaji::Move m : list) {
    if (!m.is_board_move()) continue;
    search::Bounds bounds;
    bounds.nodes = NODES_PER_MOVE;
    search::Budget budget(bounds);
    const int win = search::chaturaji::POINTS_WIN;
    const int centipoints =
        search::chaturaji::points_quiesce(pos.after(m), root, -win * 2, win * 2, 0, budget);
    values.emplace_back(m, std::clamp(centipoints / 100.0, double(-POINTS_SHOWN), double(POINTS_SHOWN)));
  }
  return values;
}

}  // namespace engine
