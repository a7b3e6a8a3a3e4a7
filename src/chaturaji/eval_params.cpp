#include "chaturaji/eval_params.h"

namespace chaturaji {

namespace {

//                        pawn knight boat rook bishop king
constexpr EvalParams TEAMS{{100, 320, 170, 520, 0, 900}, 4, 6, 12, 150, 0, 0};
constexpr EvalParams DICE{{100, 300, 220, 450, 0, 700}, 2, 5, 20, 0, 60, 0};
constexpr EvalParams POINTS{{10, 30, 0, 50, 50, 120}, 2, 1, 5, 60, 100, 0};

std::array<EvalParams, VARIANT_COUNT> params{TEAMS, DICE, POINTS};

}  // namespace

const EvalParams& default_params(Variant v) { return params[std::size_t(v)]; }

void set_params(Variant v, const EvalParams& p) { params[std::size_t(v)] = p; }

}  // namespace chaturaji
