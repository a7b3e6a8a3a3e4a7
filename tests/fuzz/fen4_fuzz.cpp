// chess.com's FEN4 (chaturaji/fen4.h): any input either fails with a message
// or gives a position that writes back to FEN4 which reads to the same
// position, and whose moves the generator lists and counts alike.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chaturaji/fen4.h"
#include "chaturaji/movegen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace chaturaji;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto pos = parse_fen4(text);
  if (!pos) {
    if (pos.error().empty()) std::abort();
    return 0;
  }
  const auto again = parse_fen4(to_fen4(*pos));
  if (!again || !(*again == *pos) || again->key() != pos->key()) std::abort();
  MoveList moves;
  generate(*pos, moves);
  if (int(moves.size()) != count_moves(*pos)) std::abort();
  return 0;
}
