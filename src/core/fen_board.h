// The placement field of a FEN, written the same way for every game of the
// 8x8 board: rank 8 first, file a first, a run of empty squares as its length,
// ranks separated by '/'. Which letters stand for a piece is the game's.
#pragma once

#include <string>

#include "core/types.h"

namespace core {

// `piece_text(sq)` gives the letters of the piece on `sq`, or "" for an empty square.
template <class PieceText>
std::string fen_board(PieceText&& piece_text) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const std::string text = piece_text(make_square(file, rank));
      if (text.empty()) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      s += text;
    }
    if (empty) s += char('0' + empty);
    if (rank) s += '/';
  }
  return s;
}

}  // namespace core
