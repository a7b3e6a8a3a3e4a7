// Baseline players that do not search, for the arena and the lowest levels:
// a uniformly random move, the one-ply greedy move (best static evaluation
// after the move, from the mover's view), the one-ply material grabber and, for `points`, the move that
// gains the most points at once. Ties are broken by the seeded generator.
#pragma once

#include "chaturaji/position.h"
#include "core/rng.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

chaturaji::Move random_move(const chaturaji::Position& pos, core::Rng& rng);
// `noise`: each move's score gets a random bonus in [0, noise), for levels.
chaturaji::Move greedy_move(const chaturaji::Position& pos, core::Rng& rng, int noise = 0);
// One ply, material only (the live armies at the built-in piece values):
// a reference that evaluation tuning does not move.
chaturaji::Move greedy_material_move(const chaturaji::Position& pos, core::Rng& rng);
chaturaji::Move greedy_capture_move(const chaturaji::Position& pos, core::Rng& rng);

}  // namespace search::chaturaji
