// Move generation, the one entry point for moves, for every game of the
// family. Without a royal king (Chaturanga played to the king's capture)
// every pseudo-legal move is legal; with one, moves that leave the king
// attacked are filtered out (chaturanga/legality.h). A game stopped by a rule
// that ends it at once (a captured king, Shatranj's bare king) has no moves.
#pragma once

#include <cstddef>

#include "chaturanga/position.h"

namespace chaturanga {

// Captures are the moves that take a piece; Quiets the others (drops and
// promotions without a capture included).
enum class GenKind { All, Captures, Quiets };

// Fixed capacity, no allocation: the most moves a side of any game of the
// family can have (Sittuyin's set-up drops included) is far below this bound.
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
  void truncate(std::size_t size) { size_ = size; }
  // Keeps, from index `first` on, the moves for which keep(m) is true, in order.
  template <class Keep>
  void keep_if(std::size_t first, Keep&& keep) {
    std::size_t kept = first;
    for (std::size_t i = first; i < size_; ++i)
      if (keep(moves_[i])) moves_[kept++] = moves_[i];
    size_ = kept;
  }

 private:
  Move moves_[CAPACITY];
  std::size_t size_ = 0;
};

template <GenKind Kind>
void generate(const Position& pos, MoveList& list);

// The pseudo-legal moves on the board (pawns with the rule set's promotion
// region, pieces with its elephant), without the rules that stop a game.
template <GenKind Kind>
void generate_pseudo(const Position& pos, MoveList& list);

// The number of moves generate<All> would produce, counted without listing
// them where the game allows it.
int count_moves(const Position& pos);

// True when the game is over by king capture, so no move may be made.
inline bool king_gone(const Position& pos) { return !pos.has_king(WHITE) || !pos.has_king(BLACK); }

// True when a rule that ends the game at once has ended it: the king captured
// (Chaturanga played to capture) or Shatranj's bare king.
bool game_stopped(const Position& pos);

}  // namespace chaturanga
