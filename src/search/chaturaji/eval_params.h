// The weights of the four-handed evaluations, one set per rule set, as data
// so that self-play tuning can vary them.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "chaturaji/rules.h"
#include "search/chaturaji/vocabulary.h"

namespace search::chaturaji {

struct EvalParams {
  std::array<int, PIECE_TYPE_COUNT> piece;  // material; KING is the worth of a live army's king
  int mobility = 0;                         // per square a knight, boat, rook or bishop reaches
  int pawn_step = 0;                        // per step a pawn has made towards its far edge
  int king_zone = 0;                        // per enemy attack on the squares around a king
  int king_attacked = 0;                    // a king standing where an enemy attacks it
  int points = 0;                           // `points` and `dice`: per point or stake
  // Percent of a piece's worth lost when an enemy attacks it and its owner
  // does not move next (dice: the right face comes up in 7 throws of 16).
  int threat = 0;
  // `dice`: percent of a king's army (the game when it is the team's last
  // king) lost by the chance that the enemies who move first take it.
  int king_risk = 0;
};

// The weights in use: the rule set's defaults, or those a ParamsScope set
// on this thread.
const EvalParams& default_params(Variant v);
const EvalParams& builtin_params(Variant v);

// While alive, evaluations on this thread use `p` (when not null), so that
// bots with different weights can play each other in one process.
class ParamsScope {
 public:
  explicit ParamsScope(const EvalParams* p);
  ~ParamsScope();
  ParamsScope(const ParamsScope&) = delete;
  ParamsScope& operator=(const ParamsScope&) = delete;

 private:
  const EvalParams* previous_;
};

// Sets one weight by name (`mobility`, `pawn_step`, `king_zone`,
// `king_attacked`, `points`, `threat`, `king_risk`, or a kind: `pawn` .. `king`); false
// for an unknown name.
bool set_param(EvalParams& p, std::string_view name, int value);

}  // namespace search::chaturaji
