// A fixed-capacity list of moves, the one both games generate into: no
// allocation per node, and a capacity each game states once (the most moves
// a side can have is far below it in every rule set).
#pragma once

#include <algorithm>
#include <cstddef>

namespace core {

template <class Move, std::size_t Capacity>
class MoveList {
 public:
  static constexpr std::size_t CAPACITY = Capacity;
  void push(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
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
  Move moves_[Capacity];
  std::size_t size_ = 0;
};

}  // namespace core
