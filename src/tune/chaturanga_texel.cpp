#include "tune/chaturanga_texel.h"

#include <cmath>
#include <cstddef>
#include <ostream>
#include <utility>

#include "chaturanga/movegen.h"
#include "chaturanga/rules.h"
#include "search/chaturanga/eval.h"
#include "search/chaturanga/see.h"
#include "tune/descent.h"

namespace tune {

using namespace chaturanga;
using namespace search::chaturanga;

namespace {

bool is_quiet(const Position& pos) {
  if (adjudicate_material(pos).over()) return false;
  if (pos.king_attacked(WHITE) || pos.king_attacked(BLACK)) return false;
  MoveList captures;
  generate<GenKind::Captures>(pos, captures);
  for (const Move m : captures)
    if (see_ge(pos, m, 1)) return false;
  return true;
}

double white_eval(const Position& pos) {
  const int e = evaluate(pos);
  return pos.side_to_move() == WHITE ? e : -e;
}

}  // namespace

double expected_score(double centipawns, double k) {
  return 1.0 / (1.0 + std::pow(10.0, -k * centipawns / 400.0));
}

void collect_samples(const Game& game, double white_score, int skip_plies, std::vector<TexelSample>& out,
                     const std::vector<std::optional<int>>& search_scores, double result_weight) {
  Position pos = game.start_position();
  for (std::size_t ply = 0; ply < game.moves().size(); ++ply) {
    if (int(ply) >= skip_plies && is_quiet(pos)) {
      double label = white_score;
      if (ply < search_scores.size() && search_scores[ply]) {
        const int white_view = pos.side_to_move() == WHITE ? *search_scores[ply] : -*search_scores[ply];
        label = result_weight * white_score + (1 - result_weight) * expected_score(white_view);
      }
      out.push_back({pos, label});
    }
    pos.play(game.moves()[ply]);
  }
}

double texel_error(const std::vector<TexelSample>& samples, double k) {
  double sum = 0;
  for (const TexelSample& s : samples) {
    const double predicted = expected_score(white_eval(s.pos), k);
    sum += (s.result - predicted) * (s.result - predicted);
  }
  return samples.empty() ? 0 : sum / double(samples.size());
}

double fit_k(const std::vector<TexelSample>& samples) {
  return fit_scale([&](double k) { return texel_error(samples, k); });
}

double tune_chaturanga(const std::vector<TexelSample>& samples, Variant variant, const TuneOptions& options,
                       std::ostream& log) {
  const double k = fit_k(samples);
  const auto weights = flat(eval_params(variant));
  std::vector<bool> inert(weights.size(), false);
  if (options.skip_tables) {
    const std::size_t first = offsetof(EvalParams, pst) / sizeof(int);
    const std::size_t last = offsetof(EvalParams, mobility) / sizeof(int);
    for (std::size_t i = first; i < last; ++i) inert[i] = true;
  }
  log << "samples " << samples.size() << ", k " << k << ", error " << texel_error(samples, k) << std::endl;
  DescentOptions descent;
  descent.passes = options.passes;
  descent.seconds = options.seconds;
  descent.line_search = options.line_search;
  // The weights alias eval_params(variant), which texel_error reads (the samples are of that variant).
  return coordinate_descent(
      weights, std::move(inert), [&](std::span<const int>) { return texel_error(samples, k); }, descent, log);
}

}  // namespace tune
