// Texel's method: tune the evaluation's weights so that a logistic function
// of the static evaluation predicts the results of played games.
#pragma once

#include <iosfwd>
#include <optional>
#include <vector>

#include "chaturanga/game.h"
#include "search/chaturanga/eval_params.h"

namespace tune {

struct TexelSample {
  chaturanga::Position pos;
  double result;  // from White's view: 1, 0.5 or 0
};

// The quiet positions of a game (no capture that wins material, no king
// under attack, past the opening), each labelled with the game's result.
// Where `search_scores[i]` holds the score (centipawns, side to move's view)
// the engine's search gave before move i, the label is
// result_weight * result + (1 - result_weight) * expected score of that
// search score; positions without one are labelled by the result alone.
void collect_samples(const chaturanga::Game& game, double white_score, int skip_plies,
                     std::vector<TexelSample>& out, const std::vector<std::optional<int>>& search_scores = {},
                     double result_weight = 1.0);

// Expected score (0..1) of a centipawn score, on the scale the tuner fits.
double expected_score(double centipawns, double k = 1.0);

// Mean squared error of the prediction 1 / (1 + 10^(-k * eval / 400)).
double texel_error(const std::vector<TexelSample>& samples, double k);
// The scaling k that fits the current weights best.
double fit_k(const std::vector<TexelSample>& samples);

struct TuneOptions {
  int passes = 4;
  double seconds = 600;      // stop after this much time, keeping the best so far
  bool skip_tables = false;  // leave the piece-square tables alone (fewer weights, less noise)
  bool line_search = false;  // move a weight on by its step while the error keeps falling
};

// Coordinate descent over every weight in eval_params(variant), the set the
// samples' positions are evaluated with, steps shrinking from 8 to 1 over the
// passes. Returns the final error.
double tune_chaturanga(const std::vector<TexelSample>& samples, chaturanga::Variant variant,
                       const TuneOptions& options, std::ostream& log);

}  // namespace tune
