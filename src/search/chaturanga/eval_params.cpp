#include "search/chaturanga/eval_params.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>

namespace search::chaturanga {

using namespace chaturanga;

namespace {

// Distance to the board's centre, 0 (d4..e5) .. 3 (corners), per axis.
int centre_distance(int file, int rank) {
  return std::max(std::abs(2 * file - 7), std::abs(2 * rank - 7)) / 2;
}

void fill_pst(EvalParams& p) {
  for (int sq = 0; sq < 64; ++sq) {
    const int file = sq & 7;
    const int rank = sq >> 3;
    const int centre = 3 - centre_distance(file, rank);  // 0 at the rim .. 3 in the centre
    const int file_centre = 3 - std::abs(2 * file - 7) / 2;
    // Only the centre pawns gain by advancing early; a flank push is a weakness.
    const int centre_push = file_centre == 3 ? 5 : file_centre == 2 ? 2 : -1;
    p.pst[PAWN][sq] = {std::max(rank - 1, 0) * centre_push, std::max(rank - 1, 0) * 5};
    p.pst[HORSE][sq] = {centre * 10 - 15, centre * 8 - 12};
    p.pst[ELEPHANT][sq] = {centre * 4 + (rank <= 2 ? 4 : 0) - 6, centre * 3 - 4};
    p.pst[CHARIOT][sq] = {(rank == 6 ? 15 : 0) + file_centre * 2 - 3, 0};
    p.pst[MINISTER][sq] = {centre * 6 + rank * 2 - 10, centre * 6 - 8};
    p.pst[KING][sq] = {(rank == 0 ? 10 : -rank * 8) + (file_centre <= 1 ? 4 : 0), centre * 10 - 15};
  }
}

}  // namespace

EvalParams default_eval_params() {
  EvalParams p;
  // Ratios after Fairy-Stockfish's values for these pieces, pawn = 100.
  p.piece_value[PAWN] = {100, 165};
  p.piece_value[HORSE] = {620, 680};
  p.piece_value[ELEPHANT] = {280, 200};
  p.piece_value[CHARIOT] = {1010, 1095};
  p.piece_value[MINISTER] = {330, 280};
  p.piece_value[KING] = {0, 0};
  fill_pst(p);
  p.mobility[HORSE] = {4, 4};
  p.mobility[ELEPHANT] = {3, 3};
  p.mobility[CHARIOT] = {3, 5};
  p.mobility[MINISTER] = {3, 3};
  p.mobility[KING] = {0, 2};
  p.king_zone_attack[PAWN] = {6, 0};
  p.king_zone_attack[HORSE] = {8, 2};
  p.king_zone_attack[ELEPHANT] = {4, 1};
  p.king_zone_attack[CHARIOT] = {8, 2};
  p.king_zone_attack[MINISTER] = {6, 2};
  p.king_zone_attack[KING] = {0, 0};
  p.king_shelter = {8, 0};
  p.doubled_pawn = {-10, -20};
  p.isolated_pawn = {-8, -12};
  p.supported_pawn = {5, 6};
  const int passed[8] = {0, 4, 8, 14, 24, 38, 55, 0};
  for (int r = 0; r < 8; ++r) p.passed_pawn[r] = {passed[r], passed[r] * 3 / 2};
  p.chariot_open_file = {20, 10};
  p.chariot_semi_open_file = {10, 5};
  p.threat_by_pawn = {30, 25};
  p.hanging = {-15, -10};
  p.bare_pressure[0] = {0, 0};
  p.bare_pressure[1] = {100, 150};
  p.bare_pressure[2] = {40, 70};
  p.bare_pressure[3] = {15, 25};
  p.tempo = {12, 6};
  // New terms start neutral or small; `chaturanga tune` sets them.
  p.threat_by_minor[CHARIOT] = {30, 30};
  p.threat_by_minor[HORSE] = {20, 20};
  p.threat_by_chariot[HORSE] = {15, 15};
  p.threat_by_king = {0, 10};
  p.passed_king_distance = {0, 5};
  p.horse_outpost = {10, 5};
  const int ring[5] = {0, 0, 10, 30, 60};
  for (int n = 0; n < 5; ++n) p.king_ring_attackers[n] = {ring[n], 0};
  return p;
}

// The weights `chaturanga tune` found, in EvalParams' order; used when the
// file matches the layout (a stale file after a layout change is ignored).
constexpr int TUNED_CHATURANGA[] = {
#include "search/chaturanga/eval_weights.inc"
};
constexpr int TUNED_SHATRANJ[] = {
#include "search/chaturanga/eval_weights_shatranj.inc"
};
constexpr int TUNED_MAKRUK[] = {
#include "search/chaturanga/eval_weights_makruk.inc"
};
constexpr int TUNED_SITTUYIN[] = {
#include "search/chaturanga/eval_weights_sittuyin.inc"
};

namespace {

// The tuned weights of a game (Cambodian reads Makruk's).
std::span<const int> tuned_weights(Variant variant) {
  switch (variant) {
    case Variant::Shatranj: return TUNED_SHATRANJ;
    case Variant::Makruk:
    case Variant::Cambodian: return TUNED_MAKRUK;
    case Variant::Sittuyin: return TUNED_SITTUYIN;
    case Variant::Chaturanga: break;
  }
  return TUNED_CHATURANGA;
}

EvalParams initial_params(Variant variant) {
  EvalParams p = default_eval_params();
  std::span<const int> tuned = tuned_weights(variant);
  if (tuned.size() != EVAL_PARAM_COUNT) tuned = TUNED_CHATURANGA;
  if (tuned.size() == EVAL_PARAM_COUNT) std::copy(tuned.begin(), tuned.end(), flat(p).begin());
  return p;
}

}  // namespace

EvalParams& eval_params(Variant variant) {
  static EvalParams params[VARIANT_COUNT] = {
      initial_params(Variant::Chaturanga), initial_params(Variant::Shatranj), initial_params(Variant::Makruk),
      initial_params(Variant::Cambodian), initial_params(Variant::Sittuyin)};
  if (variant == Variant::Cambodian) variant = Variant::Makruk;  // one set for both
  return params[int(variant)];
}

const char* eval_weights_file(Variant variant) {
  switch (variant) {
    case Variant::Shatranj: return "src/search/chaturanga/eval_weights_shatranj.inc";
    case Variant::Makruk:
    case Variant::Cambodian: return "src/search/chaturanga/eval_weights_makruk.inc";
    case Variant::Sittuyin: return "src/search/chaturanga/eval_weights_sittuyin.inc";
    case Variant::Chaturanga: break;
  }
  return "src/search/chaturanga/eval_weights.inc";
}

std::span<int, EVAL_PARAM_COUNT> flat(EvalParams& p) {
  static_assert(sizeof(EvalParams) == EVAL_PARAM_COUNT * sizeof(int), "EvalParams must be ints only");
  return std::span<int, EVAL_PARAM_COUNT>(reinterpret_cast<int*>(&p), EVAL_PARAM_COUNT);
}

}  // namespace search::chaturanga
