#include "chaturanga/fen.h"

#include <charconv>
#include <sstream>
#include <vector>

namespace chaturanga {

namespace {

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > begin) fields.push_back(text.substr(begin, i - begin));
  }
  return fields;
}

bool parse_int(std::string_view s, int& out) {
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

Piece piece_from_letter(char c) {
  const char lower = char(c | 0x20);
  for (int t = 0; t < PIECE_TYPE_COUNT; ++t)
    if (PIECE_LETTERS[t] == lower) return make_piece(c == lower ? BLACK : WHITE, PieceType(t));
  return NO_PIECE;
}

std::string square_name(int file, int rank) { return {char('a' + file), char('1' + rank)}; }

}  // namespace

core::Expected<Position> parse_fen(std::string_view fen) {
  const auto fields = split_fields(fen);
  if (fields.size() != 4 && fields.size() != 6)
    return core::error("FEN needs 6 fields (or 4 without clocks), got " + std::to_string(fields.size()));
  Position pos = Position::empty();
  int rank = 7;
  int file = 0;
  for (const char c : fields[0]) {
    if (c == '/') {
      if (file != 8)
        return core::error("FEN rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                           " squares, not 8");
      if (--rank < 0) return core::error("FEN placement has more than 8 ranks");
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      const Piece p = piece_from_letter(c);
      if (p == NO_PIECE) return core::error(std::string("FEN has an unknown piece letter '") + c + "'");
      if (file > 7) return core::error("FEN rank " + std::to_string(rank + 1) + " is longer than 8 squares");
      if (type_of(p) == PAWN && (rank == 0 || rank == 7))
        return core::error("FEN has a pawn on " + square_name(file, rank) +
                           ": pawns cannot stand on the first or last rank");
      pos.put(p, core::make_square(file, rank));
      ++file;
    }
    if (file > 8) return core::error("FEN rank " + std::to_string(rank + 1) + " is longer than 8 squares");
  }
  if (rank != 0 || file != 8) return core::error("FEN placement does not describe 8 full ranks");
  for (const Color c : {WHITE, BLACK})
    if (core::more_than_one(pos.pieces(c, KING)))
      return core::error(std::string("FEN has two ") + (c == WHITE ? "white" : "black") + " kings");

  if (fields[1] != "w" && fields[1] != "b")
    return core::error("FEN side to move must be 'w' or 'b', got '" + std::string(fields[1]) + "'");
  pos.set_side_to_move(fields[1] == "w" ? WHITE : BLACK);
  if (fields[2] != "-") return core::error("FEN castling field must be '-': Chaturanga has no castling");
  if (fields[3] != "-") return core::error("FEN en-passant field must be '-': Chaturanga has no en passant");
  int halfmove = 0;
  int fullmove = 1;
  if (fields.size() == 6) {
    if (!parse_int(fields[4], halfmove) || halfmove < 0 || halfmove > 1000)
      return core::error("FEN halfmove clock '" + std::string(fields[4]) +
                         "' is not a number from 0 to 1000");
    if (!parse_int(fields[5], fullmove) || fullmove < 1 || fullmove > 10000)
      return core::error("FEN fullmove number '" + std::string(fields[5]) +
                         "' is not a number from 1 to 10000");
  }
  pos.set_clocks(halfmove, fullmove);
  return pos;
}

std::string to_fen(const Position& pos) {
  std::ostringstream out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(core::make_square(file, rank));
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out << empty;
      empty = 0;
      const char letter = PIECE_LETTERS[type_of(p)];
      out << (color_of(p) == WHITE ? char(letter - 32) : letter);
    }
    if (empty) out << empty;
    if (rank) out << '/';
  }
  out << (pos.side_to_move() == WHITE ? " w - - " : " b - - ") << pos.halfmove_clock() << ' '
      << pos.fullmove_number();
  return out.str();
}

}  // namespace chaturanga
