// Texel tuning of the four-handed evaluations (chaturaji/eval_params.h) on
// games the arena recorded (`chaturanga arena --record FILE`): a logistic of
// a seat's evaluation should predict that seat's result.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "chaturaji/position.h"
#include "core/expected.h"
#include "search/chaturaji/eval_params.h"
#include "tune/descent.h"

namespace tune {

struct ChaturajiSample {
  chaturaji::Position pos;
  int seat;       // whose evaluation predicts `result`
  double result;  // teams, dice: the team's 1, 0.5 or 0; points: the seat's share of first place
};

struct ChaturajiRead {
  int skip_plies = 8;  // positions before this half-move of the recorded moves are left out
  int every = 1;       // keep every N-th quiet position only
};

// Appends the quiet positions of the recorded games in `in` (one game a line,
// as `arena --record` writes them) to `out`: those where the player to move
// has no capture. teams and dice give one sample a position (the player to
// move), points one per seat still in. Returns the number of games, or an
// error naming the line and what is wrong with it.
core::Expected<int> read_records(chaturaji::Variant v, std::istream& in, const ChaturajiRead& options,
                                 std::vector<ChaturajiSample>& out);

// Mean squared error of 1 / (1 + 10^(-k * eval / 400)) against the results.
double chaturaji_error(const std::vector<ChaturajiSample>& samples, const search::chaturaji::EvalParams& p,
                       double k);

// The scale k that fits `p` best.
double chaturaji_fit_k(const std::vector<ChaturajiSample>& samples, const search::chaturaji::EvalParams& p);

// Coordinate descent over the weights of `p` not named in `frozen` (names
// as set_param takes them), at the k that fits `p`, none below 0; `p` ends
// with the best weights found. Returns the final error.
double tune_chaturaji(const std::vector<ChaturajiSample>& samples, search::chaturaji::EvalParams& p,
                      const tune::DescentOptions& options, std::ostream& log,
                      const std::vector<std::string>& frozen = {});

// `p` as a C++ initialiser in eval_params.cpp's layout, and as bot-spec
// weights (`:pawn=100:knight=320...`).
std::string params_initialiser(const search::chaturaji::EvalParams& p);
std::string params_spec(const search::chaturaji::EvalParams& p);

extern const char* const TUNE4_USAGE;

// `chaturanga tune4`.
int run_tune_chaturaji(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tune
