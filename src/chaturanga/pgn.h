// PGN out and in, with the Variant names Fairy-Stockfish and pychess use
// ([Variant "Chaturanga"], "Shatranj", "Makruk", "Cambodian", "Sittuyin") and,
// for Chaturanga's rule options, [Rules "elephant=silver kings=facing"]
// listing the options that differ from the seed game.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chaturanga/game.h"
#include "core/expected.h"
#include "core/pgn_tags.h"

namespace chaturanga {

using PgnTags = core::PgnTags;

// Seven-tag roster first (from `tags` or "?"), then the other tags in name
// order: Variant, Rules when options differ, SetUp/FEN when the game did not
// start from its start position, Termination, and those of `tags`.
// `comments[i]`, when given and not empty, follows move i in braces.
std::string to_pgn(const Game& game, const PgnTags& tags = {}, const std::vector<std::string>& comments = {});

struct PgnGame {
  Game game;
  PgnTags tags;
  // The comment after each move (empty where there is none), one per move.
  std::vector<std::string> comments;
};
// Reads one game: tags, SAN moves, comments, NAGs and variations (skipped).
// The result comes from the moves; a resignation or agreed draw from the Result tag.
core::Expected<PgnGame> parse_pgn(std::string_view text);

}  // namespace chaturanga
