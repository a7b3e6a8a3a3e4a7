// Moves as text: long algebraic `e2e3`, a promotion letter where the player
// chooses (`a7a8n`, accepted and ignored where forced; `=R` is read too),
// `K@e4` for a king put back (dice), and the words `pass`, `resign`,
// `timeout`, `claim`.
#pragma once

#include <string>
#include <string_view>

#include "chaturaji/position.h"
#include "core/expected.h"

namespace chaturaji {

std::string square_name(Square sq);
// "e4" -> square, or NO_SQUARE.
Square parse_square(std::string_view text);

std::string to_text(const Position& pos, Move m);
// A legal move of the player to move (resign and timeout always; claim where
// may_claim()), or an error saying why the text is not one.
core::Expected<Move> parse_move(const Position& pos, std::string_view text);
// Whether `text` is written as a move at all (one of the forms above, or a
// throw `dice:34`), legal or not anywhere.
bool is_move_form(std::string_view text);

}  // namespace chaturaji
