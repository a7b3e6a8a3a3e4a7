// Moves as text, as Fairy-Stockfish writes them: UCI long algebraic (e2e3,
// e7e8q, Makruk's e5e6m, Sittuyin's promotion e5d6f or e5e5f where the pawn
// stands, drops R@a1) and SAN (Nf3, exd5, e8=Q, R@a1, Sittuyin's e5d6=F), with
// the game's own letters and, where the king is royal, + and # for check.
#pragma once

#include <string>
#include <string_view>

#include "chaturanga/position.h"
#include "core/expected.h"

namespace chaturanga {

std::string square_name(Square sq);
// The promotion letter and the dropped piece's letter are those of `rules`.
std::string to_uci(Move m, const RuleSet& rules = seed_rules());
// Accepts the promotion letter (the game's minister) or none; any other
// letter, or a move that is not legal in `pos`, is an error naming the move.
core::Expected<Move> parse_uci(const Position& pos, std::string_view text);
// Whether `text` is written as a UCI move at all (two squares and at most a
// lower-case letter, or a drop like R@a1), legal or not anywhere.
bool is_uci_form(std::string_view text);

std::string to_san(const Position& pos, Move m);
// Tolerates check and annotation marks (+ # ! ?) and a missing promotion suffix.
core::Expected<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace chaturanga
