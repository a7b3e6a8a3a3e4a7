// Move generation, the one entry point for moves in every rule set. A player
// with no move gets a single pass (the only pass generated, so perft counts a
// pass exactly where the rules force one); a `points` game with at most one
// player still in has no moves at all. Resign, timeout, claim (where
// may_claim()) and the voluntary pass of `dice` (where may_pass()) are never
// generated: they are moves a caller may play.
#pragma once

#include <cstddef>

#include "chaturaji/position.h"

namespace chaturaji {

// Fixed capacity, no allocation. A dice re-entry offers at most 64 drops.
class MoveList {
 public:
  static constexpr std::size_t CAPACITY = 256;
  void push(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const;

 private:
  Move moves_[CAPACITY];
  std::size_t size_ = 0;
};

void generate(const Position& pos, MoveList& list);

// The number of moves generate() would produce, counted without listing them.
int count_moves(const Position& pos);

// True when the player to move may pass: always in `dice` (it may give up the
// rest of its turn), elsewhere only without a move.
bool may_pass(const Position& pos);

// True when a piece of an enemy of `seat` that is still in attacks `sq` with
// occupancy `occupied` (the king's rule of `teams`).
bool square_attacked_by_enemy(const Position& pos, int seat, Square sq, Bitboard occupied);

}  // namespace chaturaji
