// PGN out and in, with [Variant "Chaturanga"].
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "chaturanga/game.h"
#include "core/expected.h"

namespace chaturanga {

using PgnTags = std::map<std::string, std::string>;

// Seven-tag roster first (from `tags` or "?"), then Variant, SetUp/FEN when the
// game did not start from the start position, Termination, then other tags.
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
