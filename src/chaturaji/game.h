// A game: the positions so far (undo is dropping the last), the moves that
// led to them, and the outcome, which also needs the history (repetition).
// For `dice` the game throws the dice of each new turn from a seeded
// generator unless the start position gave a ring of several throws; a game
// from a given position keeps that position's throw for the turn under way.
// A game with given throws throws nothing itself: its owner sets each turn's
// throw from a source the game does not hold (chaturaji/dice_source.h), so a
// copy of the game (what a bot is given) cannot tell a throw in advance.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "chaturaji/position.h"
#include "core/expected.h"
#include "core/rng.h"

namespace chaturaji {

enum class Reason : std::uint8_t {
  None,
  KingsCaptured,  // teams, dice: both kings of a team are gone
  LastPlayer,     // points: at most one player still in
  Claim,          // points: the player to move claimed the win
  Resign,         // teams, dice: a player resigned or ran out of time
  Repetition,     // teams, points: the same position and player to move a third time
  FiftyRounds,    // 50 rounds without a capture or a pawn move
  NoMove,         // no player still in has a move
};
std::string_view reason_text(Reason r);

struct Outcome {
  bool over = false;
  Reason reason = Reason::None;
  SeatMask winners = 0;                  // empty for a draw without a points winner
  std::array<int, SEAT_COUNT> scores{};  // final (with end bonuses) once over
};
// "red+yellow", "blue", "draw" or "*".
std::string result_text(const RuleSet& r, const Outcome& o);

// Each seat's finishing place in a game won by `winners` (none: a draw):
// 1 + the number of seats ahead, so a tie shares the better place (1, 1,
// 3, 3). The winners first; in `points` the others after them by score;
// with teams (and dice) the losers share a place.
std::array<int, SEAT_COUNT> finishing_places(const RuleSet& r, SeatMask winners,
                                             const std::array<int, SEAT_COUNT>& scores);

class Game {
 public:
  explicit Game(Variant v, std::uint64_t seed = 1);
  explicit Game(const Position& start, std::uint64_t seed = 1);
  static Game with_given_throws(const Position& start);

  const Position& position() const { return history_.back(); }
  const Position& start() const { return history_.front(); }
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<Position>& history() const { return history_; }

  // Plays a move given as text (chaturaji/notation.h); for dice, `dice:34`
  // sets the throw of a turn not yet begun.
  core::Expected<Move> play_text(std::string_view text);
  // Sets the throw of the turn under way before its first move.
  core::Expected<bool> set_throw(Throw t);
  // Plays a move known to be legal (or resign, timeout, claim).
  void play(Move m);
  bool undo();
  Outcome outcome() const;
  bool over() const { return outcome().over; }

 private:
  void roll_if_new_turn();

  std::vector<Position> history_;
  std::vector<Move> moves_;
  core::Rng rng_;
  bool roll_dice_;
};

// A player leaves the whole game (with teams, the site's resignation; not
// the Resign move that only takes that player out): with teams the other
// team wins; everyone for themselves, the game ends and the most points
// among the others win, the one who left never among them.
Outcome ended_by_resignation(const Game& game, int seat);

}  // namespace chaturaji
