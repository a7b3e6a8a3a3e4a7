// How a game of Chaturanga ends: the six rules of the spec, in their order.
#pragma once

#include <string_view>

#include "chaturanga/position.h"

namespace chaturanga {

enum class Result { Ongoing, WhiteWins, BlackWins, Draw };
enum class Reason { None, KingCaptured, BareKing, TwoBareKings, NoMove, Repetition, SeventyMoves };

struct Outcome {
  Result result = Result::Ongoing;
  Reason reason = Reason::None;
  bool over() const { return result != Result::Ongoing; }
  bool operator==(const Outcome&) const = default;
};

constexpr int SEVENTY_MOVE_PLIES = 140;
constexpr int REPETITIONS_FOR_DRAW = 3;

// Judges `pos` as reached by a move of the side not to move. `occurrences` is
// how many times this placement with this side to move has occurred in the
// game, this time included.
Outcome adjudicate(const Position& pos, int occurrences);

// Material rules only (1 to 3): no movegen, no history. The search uses them.
Outcome adjudicate_material(const Position& pos);

Result win_for(Color c);
std::string_view result_text(Result r);   // "1-0", "0-1", "1/2-1/2", "*"
std::string_view reason_text(Reason r);   // "king-captured", ... ; "" for None
std::string_view reason_words(Reason r);  // for players: "the king was captured", ...

}  // namespace chaturanga
