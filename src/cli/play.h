// `chaturanga play`: a game in the terminal against the bot.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "chaturanga/position.h"

namespace cli {

// The board in Unicode, White at the bottom; an attacked king is marked red
// (ANSI colours when `color` is set, brackets otherwise).
std::string draw_board(const chaturanga::Position& pos, bool color);

int run_play(const std::vector<std::string>& args, std::istream& in, std::ostream& out);

}  // namespace cli
