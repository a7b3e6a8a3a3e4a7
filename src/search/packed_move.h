// What the hash table keeps of a move: 16 bits that each game packs and
// unpacks itself, so that the table knows no game's moves. A game's Move
// offers raw() and from_raw(); zero is "no move" in every game.
#pragma once

#include <cstdint>

namespace search {

struct PackedMove {
  std::uint16_t bits = 0;

  constexpr explicit operator bool() const { return bits != 0; }
  constexpr bool operator==(const PackedMove&) const = default;
};

template <class M>
constexpr PackedMove pack(M m) {
  return PackedMove{m.raw()};
}

template <class M>
constexpr M unpack(PackedMove p) {
  return M::from_raw(p.bits);
}

}  // namespace search
