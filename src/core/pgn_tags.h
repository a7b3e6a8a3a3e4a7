// The tag pairs of PGN, `[Name "Value"]`, as both games' records write and
// read them (PGN and chess.com's PGN4 share this part of the format). Only
// the syntax lives here; which tags a game writes, and what they mean, is
// the game's.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace core {

using PgnTags = std::map<std::string, std::string>;

// One tag line, `[Name "Value"]\n`, with '"' and '\' in the value escaped.
std::string pgn_tag(std::string_view name, std::string_view value);

// Where the tag section ends.
struct PgnTagSection {
  std::size_t end = 0;  // the offset of the movetext
  int line = 1;         // the line the movetext starts on
};

// Reads the tags at the start of `text` into `tags` (a later tag of the same
// name wins). An error names the line ("line 3: tag without ']'").
Expected<PgnTagSection> read_pgn_tags(std::string_view text, PgnTags& tags);

}  // namespace core
