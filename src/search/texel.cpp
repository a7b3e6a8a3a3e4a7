#include "search/texel.h"

#include <chrono>
#include <cmath>
#include <cstddef>
#include <ostream>

#include "chaturanga/movegen.h"
#include "chaturanga/rules.h"
#include "search/eval.h"
#include "search/see.h"

namespace search {

using namespace chaturanga;

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
  double best_k = 1;
  double best = texel_error(samples, best_k);
  for (double step : {0.5, 0.1, 0.02}) {
    bool improved = true;
    while (improved) {
      improved = false;
      for (double k : {best_k - step, best_k + step}) {
        if (k <= 0) continue;
        const double e = texel_error(samples, k);
        if (e < best) {
          best = e;
          best_k = k;
          improved = true;
        }
      }
    }
  }
  return best_k;
}

double tune(const std::vector<TexelSample>& samples, const TuneOptions& options, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const double k = fit_k(samples);
  auto weights = flat(eval_params());
  std::vector<bool> inert(weights.size(), false);
  if (options.skip_tables) {
    const std::size_t first = offsetof(EvalParams, pst) / sizeof(int);
    const std::size_t last = offsetof(EvalParams, mobility) / sizeof(int);
    for (std::size_t i = first; i < last; ++i) inert[i] = true;
  }
  double best = texel_error(samples, k);
  log << "samples " << samples.size() << ", k " << k << ", error " << best << std::endl;
  static constexpr int STEPS[] = {8, 4, 2, 1};
  for (int pass = 0; pass < options.passes; ++pass) {
    const int step = STEPS[std::min<int>(pass, 3)];
    int changed = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
      if (inert[i]) continue;
      if (elapsed() > options.seconds) {
        log << "time limit reached in pass " << pass + 1 << std::endl;
        return best;
      }
      const int original = weights[i];
      bool moved = false;
      bool any_effect = false;
      for (int delta : {step, -step}) {
        weights[i] = original + delta;
        const double e = texel_error(samples, k);
        any_effect |= e != best;
        if (e < best) {
          best = e;
          moved = true;
          break;
        }
      }
      if (!moved) weights[i] = original;
      if (!any_effect) inert[i] = true;
      changed += moved;
    }
    log << "pass " << pass + 1 << " step " << step << ": " << changed << " weights moved, error " << best
        << ", " << int(elapsed()) << " s" << std::endl;
  }
  return best;
}

}  // namespace search
