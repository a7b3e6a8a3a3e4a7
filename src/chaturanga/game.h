// A game: the start position, the moves played and the positions they led to.
// Undo pops the last position, so it cannot be wrong.
#pragma once

#include <string_view>
#include <vector>

#include "chaturanga/rules.h"
#include "core/expected.h"

namespace chaturanga {

class Game {
 public:
  explicit Game(const Position& start = Position::start());
  // Starts from a FEN (of the seed game unless `rules` is given); the
  // position is judged at once (a missing king is a finished game).
  static core::Expected<Game> from_fen(std::string_view fen);
  static core::Expected<Game> from_fen(const RuleSet& rules, std::string_view fen);

  const Position& position() const { return positions_.back(); }
  const Position& start_position() const { return positions_.front(); }
  const std::vector<Move>& moves() const { return moves_; }
  Outcome outcome() const { return outcome_; }
  bool over() const { return outcome_.over(); }

  // Plays a move given in UCI form; an error says why it cannot be played.
  core::Expected<Move> play_uci(std::string_view text);
  // Plays a legal move (checked); returns false if it is not legal or the game is over.
  bool play(Move m);
  bool undo();
  // Ends the game by agreement or resignation.
  void set_outcome(Outcome o) { outcome_ = o; }

  // How often the current position (placement, pieces in hand and side to
  // move) has occurred since the last capture, pawn move or drop.
  int occurrences() const;

 private:
  std::vector<Position> positions_;
  std::vector<Move> moves_;
  std::vector<Outcome> outcomes_;
  Outcome outcome_;
};

}  // namespace chaturanga
