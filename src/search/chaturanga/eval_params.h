// The evaluation's weights, one flat block of integers so that the tuner can
// move any of them. Each weight is a (middle game, end game) pair.
#pragma once

#include <cstddef>
#include <span>

#include "chaturanga/rule_set.h"
#include "chaturanga/types.h"
#include "search/chaturanga/vocabulary.h"

namespace search::chaturanga {

struct S {
  int mg = 0;
  int eg = 0;
};
constexpr S operator+(S a, S b) { return {a.mg + b.mg, a.eg + b.eg}; }
constexpr S operator-(S a, S b) { return {a.mg - b.mg, a.eg - b.eg}; }
constexpr S operator*(S a, int k) { return {a.mg * k, a.eg * k}; }

using chaturanga::PIECE_TYPE_COUNT;

struct EvalParams {
  S piece_value[PIECE_TYPE_COUNT];
  // From White's side; Black reads the square mirrored top to bottom.
  S pst[PIECE_TYPE_COUNT][64];
  S mobility[PIECE_TYPE_COUNT];          // per reachable square not covered by enemy pawns
  S king_zone_attack[PIECE_TYPE_COUNT];  // per attacked square next to the enemy king
  S king_shelter;                        // per own pawn next to the king
  S doubled_pawn;
  S isolated_pawn;
  S supported_pawn;
  S passed_pawn[8];  // by relative rank
  S chariot_open_file;
  S chariot_semi_open_file;
  S threat_by_pawn;  // per enemy non-pawn attacked by a pawn
  S hanging;         // per own non-pawn attacked and not defended
  // The bare-king rule: bonus while the opponent has 0..3 pieces besides the
  // king and fewer than we have.
  S bare_pressure[4];
  S tempo;
  // Threats: per enemy piece (by its type) attacked by one of our horses,
  // elephants or ministers, or by a chariot; per enemy piece our king attacks.
  S threat_by_minor[PIECE_TYPE_COUNT];
  S threat_by_chariot[PIECE_TYPE_COUNT];
  S threat_by_king;
  S passed_free[8];          // passed pawn, by relative rank, whose next square is empty
  S passed_king_distance;    // per square the enemy king is farther than ours from the pawn's next square
  S horse_outpost;           // horse beyond our half-board line, pawn-supported, out of enemy pawns' reach
  S king_ring_attackers[5];  // by the number of our pieces attacking the squares around the enemy king
};

// The weights the engine plays with in a game of the family; the tuner edits
// them in place. Each game has its own set, tuned on its own self-play
// (`chaturanga tune`): Chaturanga's (every reading of it), Shatranj's,
// Makruk's (which Cambodian shares: the same pieces and counting) and
// Sittuyin's, each compiled in from its own eval_weights*.inc.
EvalParams& eval_params(Variant variant = Variant::Chaturanga);
EvalParams default_eval_params();
// The file `chaturanga tune` writes a game's weights to, from the source root.
const char* eval_weights_file(Variant variant);

constexpr std::size_t EVAL_PARAM_COUNT = sizeof(EvalParams) / sizeof(int);
std::span<int, EVAL_PARAM_COUNT> flat(EvalParams& p);

}  // namespace search::chaturanga
