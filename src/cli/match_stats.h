// The statistics of a match between two engines: Elo with a 95 % interval,
// likelihood of superiority, and a sequential probability ratio test.
#pragma once

#include <string>

namespace cli {

struct Tally {
  int wins = 0;  // from the first engine's view
  int draws = 0;
  int losses = 0;
  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

struct EloEstimate {
  double elo = 0;
  double error = 0;  // half the width of the 95 % interval
  double los = 0.5;  // probability that the first engine is stronger
};
EloEstimate estimate_elo(const Tally& t);

struct Sprt {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
};
enum class SprtState { Continue, AcceptH0, AcceptH1 };
struct SprtResult {
  double llr = 0;
  double lower = 0;
  double upper = 0;
  SprtState state = SprtState::Continue;
};
// Log-likelihood ratio of H1 (elo1) against H0 (elo0) under the normal
// approximation of the trinomial game results.
SprtResult sprt(const Tally& t, const Sprt& test);

std::string describe(const Tally& t);

}  // namespace cli
