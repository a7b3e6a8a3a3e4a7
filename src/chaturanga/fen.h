// FEN in and out, with Fairy-Stockfish's letters for the shatranj family.
#pragma once

#include <string>
#include <string_view>

#include "chaturanga/position.h"
#include "core/expected.h"

namespace chaturanga {

inline constexpr std::string_view START_FEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

// Accepts six fields, or four (the clocks default to 0 and 1). Castling and
// en-passant fields must be '-': the game has neither.
core::Expected<Position> parse_fen(std::string_view fen);
std::string to_fen(const Position& pos);

}  // namespace chaturanga
