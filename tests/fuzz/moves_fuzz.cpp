// Move text (UCI and SAN) from the start and a middlegame position: a move
// that parses is legal and writes back to the same text form.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace chaturanga;
  static const Position positions[] = {
      Position::start(), *parse_fen("r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1"),
      *parse_fen("3k4/P7/8/2p5/1P6/8/4K3/R6R w - - 0 1")};
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const Position& pos : positions) {
    MoveList legal;
    generate<GenKind::All>(pos, legal);
    if (const auto m = parse_uci(pos, text); m && !legal.contains(*m)) std::abort();
    if (const auto m = parse_san(pos, text)) {
      if (!legal.contains(*m)) std::abort();
      if (parse_san(pos, to_san(pos, *m)).value() != *m) std::abort();
    }
  }
  return 0;
}
