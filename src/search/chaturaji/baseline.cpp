#include "search/chaturaji/baseline.h"

#include "chaturaji/movegen.h"
#include "search/chaturaji/eval.h"
#include "search/chaturaji/points_view.h"
#include "search/chaturaji/team_result.h"

namespace search::chaturaji {

namespace {

// The move with the highest value(move); ties broken at random.
template <class Value>
Move pick_best(const Position& pos, core::Rng& rng, Value&& value) {
  MoveList list;
  chaturaji::generate(pos, list);
  if (list.empty()) return Move::none();
  Move best;
  int best_value = 0;
  int ties = 0;
  for (const Move m : list) {
    const int v = value(m);
    if (!best || v > best_value) {
      best = m;
      best_value = v;
      ties = 1;
    } else if (v == best_value && rng.below(std::uint64_t(++ties)) == 0) {
      best = m;
    }
  }
  return best;
}

int one_ply_value(const Position& pos, Move m) {
  const int us = pos.turn();
  const Position child = pos.after(m);
  if (pos.variant() == chaturaji::Variant::Points) {
    if (const auto r = points_result(child, us)) return *r;
    return chaturaji::evaluate_points(child, us);
  }
  if (const auto r = kings_result(child, us, 100000)) return *r;
  return chaturaji::evaluate(child, us);
}

// Material of the live armies, ours minus theirs, with the rule set's
// built-in piece values; a side with no king left loses.
int material_value(const Position& pos, Move m) {
  const int us = pos.turn();
  const Position child = pos.after(m);
  if (pos.variant() == chaturaji::Variant::Points) return child.score(us) - pos.score(us);
  if (const auto r = kings_result(child, us, 100000)) return *r;
  const chaturaji::EvalParams& p = chaturaji::builtin_params(pos.variant());
  int total = 0;
  for (int s = 0; s < chaturaji::SEAT_COUNT; ++s) {
    if (!child.is_in(s)) continue;
    int army = 0;
    for (int k = 0; k < chaturaji::PIECE_TYPE_COUNT; ++k)
      army += p.piece[std::size_t(k)] * core::popcount(child.pieces(s, chaturaji::PieceType(k)));
    total += ((s ^ us) & 1) ? -army : army;
  }
  return total;
}

}  // namespace

Move random_move(const Position& pos, core::Rng& rng) {
  return pick_best(pos, rng, [](Move) { return 0; });
}

Move greedy_move(const Position& pos, core::Rng& rng, int noise) {
  return pick_best(pos, rng, [&](Move m) {
    return one_ply_value(pos, m) + (noise > 0 ? int(rng.below(std::uint64_t(noise))) : 0);
  });
}

Move greedy_capture_move(const Position& pos, core::Rng& rng) {
  const int us = pos.turn();
  return pick_best(pos, rng, [&](Move m) { return pos.after(m).score(us) - pos.score(us); });
}

Move greedy_material_move(const Position& pos, core::Rng& rng) {
  return pick_best(pos, rng, [&](Move m) { return material_value(pos, m); });
}

}  // namespace search::chaturaji
