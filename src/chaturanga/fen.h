// FEN in and out for every game of the family, as Fairy-Stockfish writes it:
// the game's own letters, Sittuyin's pieces in hand after the placement
// ("[KFRRSSNNkfrrssnn]"), Cambodian first-move rights in the castling field
// (the files of the unmoved king and neang: "DEde"), and, while a counting
// rule counts, its limit in the en-passant field and the plies counted in
// the halfmove field.
#pragma once

#include <string>
#include <string_view>

#include "chaturanga/position.h"
#include "core/expected.h"

namespace chaturanga {

inline constexpr std::string_view START_FEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

// Accepts six fields, or four (the clocks default to 0 and 1). A field the
// game has no use for (castling, en passant) must be '-'. The seed game's
// rules unless `rules` is given.
core::Expected<Position> parse_fen(std::string_view fen);
core::Expected<Position> parse_fen(const RuleSet& rules, std::string_view fen);
std::string to_fen(const Position& pos);

// The start position of the game `rules` describes.
Position start_position(const RuleSet& rules);

}  // namespace chaturanga
