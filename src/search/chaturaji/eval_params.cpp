#include "search/chaturaji/eval_params.h"

namespace search::chaturaji {

namespace {

//                        pawn knight boat rook bishop king
constexpr EvalParams TEAMS{{100, 320, 170, 520, 0, 900}, 4, 6, 12, 150, 0, 0};
constexpr EvalParams DICE{{100, 300, 220, 450, 0, 700}, 2, 5, 20, 300, 60, 0, 100};
constexpr EvalParams POINTS{{34, 37, 0, 68, 0, 181}, 1, 0, 0, 18, 106, 0, 0};

constexpr std::array<EvalParams, VARIANT_COUNT> BUILTIN{TEAMS, DICE, POINTS};

thread_local const EvalParams* scoped = nullptr;

}  // namespace

const EvalParams& builtin_params(Variant v) { return BUILTIN[std::size_t(v)]; }

const EvalParams& default_params(Variant v) { return scoped ? *scoped : BUILTIN[std::size_t(v)]; }

ParamsScope::ParamsScope(const EvalParams* p) : previous_(scoped) {
  if (p) scoped = p;
}

ParamsScope::~ParamsScope() { scoped = previous_; }

bool set_param(EvalParams& p, std::string_view name, int value) {
  static constexpr std::array<std::string_view, PIECE_TYPE_COUNT> KINDS{"pawn", "knight", "boat",
                                                                        "rook", "bishop", "king"};
  for (int k = 0; k < PIECE_TYPE_COUNT; ++k) {
    if (name == KINDS[std::size_t(k)]) {
      p.piece[std::size_t(k)] = value;
      return true;
    }
  }
  if (name == "mobility")
    p.mobility = value;
  else if (name == "pawn_step")
    p.pawn_step = value;
  else if (name == "king_zone")
    p.king_zone = value;
  else if (name == "king_attacked")
    p.king_attacked = value;
  else if (name == "points")
    p.points = value;
  else if (name == "threat")
    p.threat = value;
  else if (name == "king_risk")
    p.king_risk = value;
  else
    return false;
  return true;
}

}  // namespace search::chaturaji
