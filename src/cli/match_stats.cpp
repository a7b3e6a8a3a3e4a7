#include "cli/match_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cli {

namespace {

double elo_of(double score) {
  score = std::clamp(score, 1e-6, 1 - 1e-6);
  return -400.0 * std::log10(1.0 / score - 1.0);
}
double score_of(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// Per-game variance of the score.
double variance(const Tally& t) {
  const double n = t.games();
  if (n == 0) return 0;
  const double s = t.score();
  return (t.wins * (1 - s) * (1 - s) + t.draws * (0.5 - s) * (0.5 - s) + t.losses * s * s) / n;
}

}  // namespace

EloEstimate estimate_elo(const Tally& t) {
  EloEstimate e;
  if (t.games() == 0) return e;
  const double s = t.score();
  const double sd = std::sqrt(variance(t) / t.games());
  e.elo = elo_of(s);
  e.error = (elo_of(std::min(s + 1.959964 * sd, 1.0)) - elo_of(std::max(s - 1.959964 * sd, 0.0))) / 2;
  const int decisive = t.wins + t.losses;
  e.los = decisive ? 0.5 * (1 + std::erf((t.wins - t.losses) / std::sqrt(2.0 * decisive))) : 0.5;
  return e;
}

SprtResult sprt(const Tally& t, const Sprt& test) {
  SprtResult r;
  r.lower = std::log(test.beta / (1 - test.alpha));
  r.upper = std::log((1 - test.beta) / test.alpha);
  const double var = variance(t);
  if (t.games() == 0 || var <= 0) return r;
  const double s0 = score_of(test.elo0);
  const double s1 = score_of(test.elo1);
  r.llr = t.games() * (s1 - s0) * (2 * t.score() - s0 - s1) / (2 * var);
  r.state = r.llr >= r.upper   ? SprtState::AcceptH1
            : r.llr <= r.lower ? SprtState::AcceptH0
                               : SprtState::Continue;
  return r;
}

std::string describe(const Tally& t) {
  const EloEstimate e = estimate_elo(t);
  char text[256];
  std::snprintf(text, sizeof(text), "games %d: +%d =%d -%d, score %.1f%%, Elo %+.1f +/- %.1f, LOS %.1f%%",
                t.games(), t.wins, t.draws, t.losses, 100 * t.score(), e.elo, e.error, 100 * e.los);
  return text;
}

}  // namespace cli
