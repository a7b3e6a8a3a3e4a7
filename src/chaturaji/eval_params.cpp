#include "chaturaji/eval_params.h"

namespace chaturaji {

namespace {

//                        pawn knight boat rook bishop king
constexpr EvalParams TEAMS{{100, 320, 170, 520, 0, 900}, 4, 6, 12, 150, 0};
constexpr EvalParams DICE{{100, 300, 220, 450, 0, 700}, 2, 5, 4, 60, 60};
constexpr EvalParams POINTS{{10, 30, 0, 50, 50, 120}, 2, 1, 5, 60, 100};

}  // namespace

const EvalParams& default_params(Variant v) {
  switch (v) {
    case Variant::Teams: return TEAMS;
    case Variant::Dice: return DICE;
    case Variant::Points: return POINTS;
  }
  return TEAMS;
}

}  // namespace chaturaji
