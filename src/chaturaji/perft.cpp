#include "chaturaji/perft.h"

#include "chaturaji/movegen.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

namespace {

// `points` needs no scores to know its moves, so perft plays the board only.
std::uint64_t perft_points(const Position& pos, int depth) {
  if (depth == 1) return std::uint64_t(count_moves(pos));
  MoveList list;
  generate(pos, list);
  std::uint64_t nodes = 0;
  for (const Move m : list) {
    Position next = pos;
    next.play_board_only(m);
    nodes += perft_points(next, depth - 1);
  }
  return nodes;
}

std::uint64_t perft_full(const Position& pos, int depth) {
  if (depth == 1) return std::uint64_t(count_moves(pos));
  MoveList list;
  generate(pos, list);
  std::uint64_t nodes = 0;
  for (const Move m : list) nodes += perft_full(pos.after(m), depth - 1);
  return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  return pos.variant() == Variant::Points ? perft_points(pos, depth) : perft_full(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  MoveList list;
  generate(pos, list);
  for (const Move m : list) {
    Position next = pos;
    if (pos.variant() == Variant::Points)
      next.play_board_only(m);
    else
      next.play(m);
    out.emplace_back(m, perft(next, depth - 1));
  }
  return out;
}

PerftStats perft_stats(const Position& pos, int depth) {
  PerftStats s;
  MoveList list;
  generate(pos, list);
  for (const Move m : list) {
    if (depth > 1) {
      const PerftStats sub = perft_stats(pos.after(m), depth - 1);
      s.nodes += sub.nodes;
      s.captures += sub.captures;
      s.king_captures += sub.king_captures;
      s.promotions += sub.promotions;
      s.double_check_bonus += sub.double_check_bonus;
      s.triple_check_bonus += sub.triple_check_bonus;
      continue;
    }
    ++s.nodes;
    if (!m.is_board_move()) continue;
    const Piece captured = pos.piece_on(m.to());
    if (captured != NO_PIECE) ++s.captures;
    if (captured != NO_PIECE && type_of(captured) == KING) ++s.king_captures;
    if (m.is_promotion()) ++s.promotions;
    if (pos.variant() == Variant::Points) {
      Position next = pos;
      next.play_board_only(m);
      const int kings = newly_threatened(pos, next, pos.turn());
      if (kings == 2) ++s.double_check_bonus;
      if (kings >= 3) ++s.triple_check_bonus;
    }
  }
  return s;
}

}  // namespace chaturaji
