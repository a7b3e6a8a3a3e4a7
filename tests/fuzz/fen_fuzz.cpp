// FEN parser: any input either fails with a message or gives a position that
// writes back to a FEN which parses to the same position.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto pos = chaturanga::parse_fen(text);
  if (!pos) {
    if (pos.error().empty()) std::abort();
    return 0;
  }
  const auto again = chaturanga::parse_fen(chaturanga::to_fen(*pos));
  if (!again || !(*again == *pos) || again->key() != pos->key()) std::abort();
  chaturanga::MoveList moves;
  chaturanga::generate<chaturanga::GenKind::All>(*pos, moves);
  if (int(moves.size()) != chaturanga::count_moves(*pos)) std::abort();
  return 0;
}
