// chess.com records of `points` games in PGN4, squares in its 14x14 frame
// (chaturaji/fen4.h): the sailboat is written R; `R` and `T` take a player's
// slot when it resigns or runs out of time, and players who are out drop out
// of the move order. A [StartFen4 "..."] tag gives the start position.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chaturaji/fen4.h"
#include "chaturaji/game.h"
#include "core/expected.h"
#include "core/pgn_tags.h"

namespace chaturaji {

struct Pgn4Game {
  Game game;
  core::PgnTags tags;
  // What the importer had to read generously (e.g. `=R` on a square where no
  // promotion happens), one line each naming the ply and the token.
  std::vector<std::string> warnings;
};

core::Expected<Pgn4Game> parse_pgn4(std::string_view text);
std::string to_pgn4(const Game& game);
// One move as the record writes it (`Kg4-h4`, `d5xNe6+`, `R` for a
// resignation, `{pass}`), so that a move list can name moves as the record does.
std::string pgn4_move(const Position& before, const Position& after, Move m);

}  // namespace chaturaji
