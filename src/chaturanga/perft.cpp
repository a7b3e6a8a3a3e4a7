#include "chaturanga/perft.h"

#include "chaturanga/movegen.h"

namespace chaturanga {

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  // Bulk counting: the last ply is counted, not played.
  if (depth == 1) return std::uint64_t(count_moves(pos));
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  std::uint64_t nodes = 0;
  for (const Move m : moves) nodes += perft(pos.after(m), depth - 1);
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> result;
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  for (const Move m : moves) result.emplace_back(m, perft(pos.after(m), depth - 1));
  return result;
}

}  // namespace chaturanga
