// PGN reader: never crashes; a game it reads writes back to PGN that reads
// to the same moves.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chaturanga/pgn.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = chaturanga::parse_pgn(text);
  if (!parsed) return 0;
  const auto again = chaturanga::parse_pgn(chaturanga::to_pgn(parsed->game));
  if (!again || again->game.moves() != parsed->game.moves()) std::abort();
  return 0;
}
