// How a game of the family ends. The seed game (spec/chaturanga.md) and the
// other readings of Chaturanga played to the king's capture judge in the
// seed's order: king captured, bare king, two bare kings, no move,
// repetition, seventy moves. The games with a royal king judge in
// Fairy-Stockfish's order: the rules that end a game at once (bare king),
// then the draws (n-move rule unless the side to move is mated, repetition,
// counting unless mated, Sittuyin's promotion-only stalemate), then no legal
// move (checkmate loses; otherwise the rule set's no-move value).
#pragma once

#include <string_view>

#include "chaturanga/position.h"

namespace chaturanga {

enum class Result { Ongoing, WhiteWins, BlackWins, Draw };
enum class Reason {
  None,
  KingCaptured,
  BareKing,
  TwoBareKings,
  NoMove,
  Repetition,
  SeventyMoves,
  Checkmate,
  FiftyMoves,
  Counting,
  PromotionOnly,
};

struct Outcome {
  Result result = Result::Ongoing;
  Reason reason = Reason::None;
  bool over() const { return result != Result::Ongoing; }
  bool operator==(const Outcome&) const = default;
};

constexpr int SEVENTY_MOVE_PLIES = 140;
constexpr int REPETITIONS_FOR_DRAW = 3;

// Judges `pos` as reached by a move of the side not to move. `occurrences` is
// how many times this position (placement, pieces in hand and side to move)
// has occurred in the game, this time included.
Outcome adjudicate(const Position& pos, int occurrences);

// Material rules only: the king captured (games played to capture) and the
// rule set's bare-king rule. No movegen, no history: the search uses them.
Outcome adjudicate_material(const Position& pos);

Result win_for(Color c);
std::string_view result_text(Result r);  // "1-0", "0-1", "1/2-1/2", "*"
std::string_view reason_text(Reason r);  // "king-captured", ... ; "" for None
// For players, in the seed game: "the king was captured", ...
std::string_view reason_words(Reason r);
// For players, in the game `rules` describes (a no-move that loses or draws).
std::string_view reason_words(Reason r, const RuleSet& rules);

}  // namespace chaturanga
