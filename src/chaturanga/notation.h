// Moves as text: UCI long algebraic (e2e3, e7e8q) and SAN (Nf3, exd5, e8=Q).
#pragma once

#include <string>
#include <string_view>

#include "chaturanga/position.h"
#include "core/expected.h"

namespace chaturanga {

std::string square_name(Square sq);
std::string to_uci(Move m);
// Accepts the promotion letter 'q' or none; any other letter, or a move that is
// not legal in `pos`, is an error naming the move.
core::Expected<Move> parse_uci(const Position& pos, std::string_view text);
// Whether `text` is written as a UCI move at all (two squares and at most a
// lower-case letter), legal or not anywhere.
bool is_uci_form(std::string_view text);

std::string to_san(const Position& pos, Move m);
// Tolerates check and annotation marks (+ # ! ?) and a missing "=Q".
core::Expected<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace chaturanga
