// chess.com records of `points` games: PGN4 movetext and FEN4 positions.
// chess.com draws the 8x8 board inside a 14x14 frame: our a1 is its d4 (3 is
// added to file and rank); its sailboat is written R; `R` and `T` take a
// player's slot when it resigns or runs out of time, and players who are out
// drop out of the move order. FEN4 is
//   turn-dead-castleK-castleQ-points-halfmove-{'dim':'8x8','boxOffset':1}-board
// with 14 rows (rank 14 first), walls `x`, and `d`+colour for a dead piece.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "chaturaji/game.h"
#include "core/expected.h"

namespace chaturaji {

struct Pgn4Game {
  Game game;
  std::map<std::string, std::string> tags;
  // What the importer had to read generously (e.g. `=R` on a square where no
  // promotion happens), one line each naming the ply and the token.
  std::vector<std::string> warnings;
};

core::Expected<Pgn4Game> parse_pgn4(std::string_view text);
std::string to_pgn4(const Game& game);

core::Expected<Position> parse_fen4(std::string_view text);
std::string to_fen4(const Position& pos);

// "g4" in the 14x14 frame <-> our d1.
std::string frame_square_name(Square sq);
Square parse_frame_square(std::string_view text);

}  // namespace chaturaji
