// Pseudo-legal move generation, the one entry point for moves. Without check,
// every pseudo-legal move is legal. A position whose king is gone has none.
#pragma once

#include <cstddef>

#include "chaturanga/position.h"

namespace chaturanga {

enum class GenKind { All, Captures, Quiets };

// Fixed capacity, no allocation: the most moves a Chaturanga side can have is
// far below this bound.
class MoveList {
 public:
  static constexpr std::size_t CAPACITY = 256;
  void push(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const;

 private:
  Move moves_[CAPACITY];
  std::size_t size_ = 0;
};

template <GenKind Kind>
void generate(const Position& pos, MoveList& list);

// The number of moves generate<All> would produce, counted without listing them.
int count_moves(const Position& pos);

// True when the game is over by king capture, so no move may be made.
inline bool king_gone(const Position& pos) { return !pos.has_king(WHITE) || !pos.has_king(BLACK); }

}  // namespace chaturanga
