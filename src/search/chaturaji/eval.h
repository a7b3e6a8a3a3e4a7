// Static evaluation of four-handed positions, one per rule set, in
// centipawns. `teams` and `dice` score a team against the other from the
// view of `seat`'s team; `points` gives every seat a worth (points banked
// plus what its army still promises), and a multi-player search turns those
// into a place.
#pragma once

#include <array>

#include "chaturaji/position.h"
#include "search/chaturaji/eval_params.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

// Kept inside ±EVAL_LIMIT, so that searches may bound it (Star1/Star2).
constexpr int EVAL_LIMIT = 3000;

int evaluate_teams(const Position& pos, int seat, const EvalParams& p = default_params(Variant::Teams));
int evaluate_dice(const Position& pos, int seat, const EvalParams& p = default_params(Variant::Dice));
std::array<int, SEAT_COUNT> seat_worths(const Position& pos,
                                        const EvalParams& p = default_params(Variant::Points));

// `points`: the worth of `seat` against the best of the others, which is what
// finishing first needs.
int evaluate_points(const Position& pos, int seat, const EvalParams& p = default_params(Variant::Points));

// The evaluation of the position's rule set from `seat`'s view.
int evaluate(const Position& pos, int seat);

// What a capture or promotion is worth for move ordering (victim first).
int capture_gain(const Position& pos, Move m);

}  // namespace search::chaturaji
