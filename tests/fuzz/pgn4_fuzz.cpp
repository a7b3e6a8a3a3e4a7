// PGN4 import (chaturaji/pgn4.h): never crashes; a record it reads writes
// back to PGN4 that reads to the same moves from the same start.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chaturaji/pgn4.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace chaturaji;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = parse_pgn4(text);
  if (!parsed) {
    if (parsed.error().empty()) std::abort();
    return 0;
  }
  const Game& game = parsed->game;
  const auto again = parse_pgn4(to_pgn4(game));
  if (!again || again->game.moves() != game.moves() || !(again->game.start() == game.start())) std::abort();
  (void)game.outcome();
  return 0;
}
