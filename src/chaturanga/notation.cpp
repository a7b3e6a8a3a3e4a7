#include "chaturanga/notation.h"

#include "chaturanga/movegen.h"

namespace chaturanga {

std::string square_name(Square sq) { return {char('a' + core::file_of(sq)), char('1' + core::rank_of(sq))}; }

std::string to_uci(Move m) {
  if (!m) return "0000";
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += 'q';
  return s;
}

namespace {

bool parse_square(std::string_view s, Square& sq) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return false;
  sq = core::make_square(s[0] - 'a', s[1] - '1');
  return true;
}

std::string strip_marks(std::string_view text) {
  std::string s;
  for (const char c : text)
    if (c != '+' && c != '#' && c != '!' && c != '?') s += c;
  if (s.size() > 2 && s[s.size() - 2] == '=' && (s.back() == 'Q' || s.back() == 'q')) s.resize(s.size() - 2);
  return s;
}

}  // namespace

bool is_uci_form(std::string_view text) {
  Square sq{};
  return (text.size() == 4 || (text.size() == 5 && text[4] >= 'a' && text[4] <= 'z')) &&
         parse_square(text.substr(0, 2), sq) && parse_square(text.substr(2, 2), sq);
}

core::Expected<Move> parse_uci(const Position& pos, std::string_view text) {
  const std::string quoted = "'" + std::string(text) + "'";
  Square from{};
  Square to{};
  if (text.size() < 4 || text.size() > 5 || !parse_square(text.substr(0, 2), from) ||
      !parse_square(text.substr(2, 2), to))
    return core::error("move " + quoted + " is not in UCI form like e2e3");
  if (text.size() == 5 && text[4] != 'q')
    return core::error("move " + quoted + ": a pawn can only promote to a minister ('q')");
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  for (const Move m : moves)
    if (m.from() == from && m.to() == to) {
      if (text.size() == 5 && !m.is_promotion()) return core::error("move " + quoted + " is not a promotion");
      return m;
    }
  if (king_gone(pos)) return core::error("move " + quoted + ": the game is over, a king was captured");
  return core::error("move " + quoted + " is illegal in this position");
}

std::string to_san(const Position& pos, Move m) {
  const Piece moved = pos.piece_on(m.from());
  const PieceType t = type_of(moved);
  std::string s;
  if (t == PAWN) {
    if (pos.is_capture(m)) s = std::string(1, char('a' + core::file_of(m.from()))) + 'x';
    s += square_name(m.to());
    if (m.is_promotion()) s += "=Q";
    return s;
  }
  s = char(PIECE_LETTERS[t] - 32);
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  bool ambiguous = false;
  bool same_file = false;
  bool same_rank = false;
  for (const Move other : moves) {
    if (other == m || other.to() != m.to() || pos.piece_on(other.from()) != moved) continue;
    ambiguous = true;
    same_file |= core::file_of(other.from()) == core::file_of(m.from());
    same_rank |= core::rank_of(other.from()) == core::rank_of(m.from());
  }
  if (ambiguous) {
    if (!same_file)
      s += char('a' + core::file_of(m.from()));
    else if (!same_rank)
      s += char('1' + core::rank_of(m.from()));
    else
      s += square_name(m.from());
  }
  if (pos.is_capture(m)) s += 'x';
  return s + square_name(m.to());
}

core::Expected<Move> parse_san(const Position& pos, std::string_view text) {
  const std::string wanted = strip_marks(text);
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  for (const Move m : moves)
    if (strip_marks(to_san(pos, m)) == wanted) return m;
  // Be lenient with over-specified moves such as "Ng1f3" or a pawn capture without 'x'.
  for (const Move m : moves) {
    const std::string full = square_name(m.from()) + square_name(m.to());
    const PieceType t = type_of(pos.piece_on(m.from()));
    const std::string letter = t == PAWN ? "" : std::string(1, char(PIECE_LETTERS[t] - 32));
    if (wanted == letter + full || wanted == letter + square_name(m.from()) + "x" + square_name(m.to()))
      return m;
  }
  return core::error("move '" + std::string(text) + "' is not a legal SAN move in this position");
}

}  // namespace chaturanga
