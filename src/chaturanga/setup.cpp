#include "chaturanga/setup.h"

#include "core/bitboard.h"

namespace chaturanga {

std::string setup_error(const Position& pos) {
  static constexpr const char* NAME[] = {"White", "Black"};
  for (const Color c : {WHITE, BLACK}) {
    const int kings = core::popcount(pos.pieces(c, KING));
    if (kings != 1)
      return std::string(NAME[c]) + " has " + std::to_string(kings) + " kings; each side needs exactly one";
  }
  return "";
}

}  // namespace chaturanga
