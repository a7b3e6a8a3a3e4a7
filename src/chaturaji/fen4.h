// chess.com's FEN4 for `points` positions. chess.com draws the 8x8 board
// inside a 14x14 frame: our a1 is its d4 (3 is added to file and rank). FEN4 is
//   turn-dead-castleK-castleQ-points-halfmove-{'dim':'8x8','boxOffset':1}-board
// with 14 rows (rank 14 first), cells split by ',', walls `x`, runs of empty
// cells as numbers, and `d`+color for a piece of a dead player.
#pragma once

#include <string>
#include <string_view>

#include "chaturaji/position.h"
#include "core/expected.h"

namespace chaturaji {

core::Expected<Position> parse_fen4(std::string_view text);
std::string to_fen4(const Position& pos);

// "g4" in the 14x14 frame <-> our d1.
std::string frame_square_name(Square sq);
Square parse_frame_square(std::string_view text);

}  // namespace chaturaji
