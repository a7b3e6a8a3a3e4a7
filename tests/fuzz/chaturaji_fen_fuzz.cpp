// The four-player notation (chaturaji/fen.h): the first byte picks the rule
// set, the rest is the text. Any input either fails with a message or gives a
// position that writes back to text which parses to the same position, whose
// moves the generator lists and counts alike, and each of which plays.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace chaturaji;
  if (size == 0) return 0;
  const Variant v = Variant(data[0] % VARIANT_COUNT);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto pos = parse_fen(v, text);
  if (!pos) {
    if (pos.error().empty()) std::abort();
    return 0;
  }
  const std::string written = to_fen(*pos);
  const auto again = parse_fen(v, written);
  if (!again || !(*again == *pos) || again->key() != pos->key() || to_fen(*again) != written) std::abort();
  MoveList moves;
  generate(*pos, moves);
  if (int(moves.size()) != count_moves(*pos)) std::abort();
  for (const Move m : moves) {
    const auto read = parse_move(*pos, to_text(*pos, m));
    if (!read || *read != m) std::abort();
    Position next = *pos;
    next.play(m);
  }
  return 0;
}
