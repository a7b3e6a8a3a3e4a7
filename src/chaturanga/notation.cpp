#include "chaturanga/notation.h"

#include <cctype>

#include "chaturanga/movegen.h"

namespace chaturanga {

std::string square_name(Square sq) { return {char('a' + core::file_of(sq)), char('1' + core::rank_of(sq))}; }

namespace {

char upper(char c) { return char(std::toupper(static_cast<unsigned char>(c))); }
char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

bool parse_square(std::string_view s, Square& sq) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return false;
  sq = core::make_square(s[0] - 'a', s[1] - '1');
  return true;
}

int letter_type(const RuleSet& r, char c) {
  for (int t = 0; t < PIECE_TYPE_COUNT; ++t)
    if (r.letters[t] == lower(c)) return t;
  return -1;
}

core::Expected<Move> find_legal(const Position& pos, const std::string& quoted, Square from, Square to,
                                bool drop, int dropped, bool promotion_letter) {
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  for (const Move m : moves) {
    if (m.is_drop() != drop || m.to() != to) continue;
    if (drop ? m.dropped() != dropped : m.from() != from) continue;
    if (promotion_letter && !m.is_promotion()) return core::error("move " + quoted + " is not a promotion");
    return m;
  }
  if (game_stopped(pos))
    return core::error("move " + quoted + ": the game is over, a king was captured or bared");
  return core::error("move " + quoted + " is illegal in this position");
}

// The SAN without check and annotation marks; `promotion` tells whether it
// ended in "=X" with X the game's minister letter (then removed too).
std::string strip_marks(const RuleSet& r, std::string_view text, bool& promotion) {
  std::string s;
  for (const char c : text)
    if (c != '+' && c != '#' && c != '!' && c != '?') s += c;
  promotion = s.size() > 2 && s[s.size() - 2] == '=' && lower(s.back()) == r.letters[MINISTER];
  if (promotion) s.resize(s.size() - 2);
  return s;
}

std::string check_mark(const Position& pos, Move m) {
  if (!pos.rules().royal_king) return "";
  const Position next = pos.after(m);
  if (!next.in_check()) return "";
  return count_moves(next) ? "+" : "#";
}

}  // namespace

std::string to_uci(Move m, const RuleSet& rules) {
  if (!m) return "0000";
  if (m.is_drop()) return std::string(1, upper(rules.letters[m.dropped()])) + "@" + square_name(m.to());
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += rules.letters[MINISTER];
  return s;
}

bool is_uci_form(std::string_view text) {
  Square sq{};
  if (text.size() == 4 && text[1] == '@')
    return std::isalpha(static_cast<unsigned char>(text[0])) && parse_square(text.substr(2, 2), sq);
  return (text.size() == 4 || (text.size() == 5 && text[4] >= 'a' && text[4] <= 'z')) &&
         parse_square(text.substr(0, 2), sq) && parse_square(text.substr(2, 2), sq);
}

core::Expected<Move> parse_uci(const Position& pos, std::string_view text) {
  const RuleSet& r = pos.rules();
  std::string quoted = "'";
  quoted.append(text).append("'");
  Square from{};
  Square to{};
  if (text.size() == 4 && text[1] == '@') {
    const int t = letter_type(r, text[0]);
    if (t < 0 || !parse_square(text.substr(2, 2), to))
      return core::error("move " + quoted + " is not a drop like R@a1 with a letter of " +
                         std::string(r.pgn_name));
    return find_legal(pos, quoted, to, to, true, t, false);
  }
  if (text.size() < 4 || text.size() > 5 || !parse_square(text.substr(0, 2), from) ||
      !parse_square(text.substr(2, 2), to))
    return core::error("move " + quoted + " is not in UCI form like e2e3");
  if (text.size() == 5 && text[4] != r.letters[MINISTER])
    return core::error("move " + quoted + ": a pawn can only promote to a minister ('" +
                       std::string(1, r.letters[MINISTER]) + "')");
  return find_legal(pos, quoted, from, to, false, 0, text.size() == 5);
}

std::string to_san(const Position& pos, Move m) {
  const RuleSet& r = pos.rules();
  if (m.is_drop())
    return std::string(1, upper(r.letters[m.dropped()])) + "@" + square_name(m.to()) + check_mark(pos, m);
  const Piece moved = pos.piece_on(m.from());
  const PieceType t = type_of(moved);
  std::string s;
  if (t == PAWN) {
    if (pos.is_capture(m))
      s = std::string(1, char('a' + core::file_of(m.from()))) + 'x';
    else if (r.sittuyin_promotion && m.is_promotion() && m.from() != m.to())
      s = square_name(m.from());  // Sittuyin's promotion onto another square
    s += square_name(m.to());
    if (m.is_promotion()) s += std::string("=") + upper(r.letters[MINISTER]);
    return s + check_mark(pos, m);
  }
  s = upper(r.letters[t]);
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  bool ambiguous = false;
  bool same_file = false;
  bool same_rank = false;
  for (const Move other : moves) {
    if (other == m || other.is_drop() || other.to() != m.to() || pos.piece_on(other.from()) != moved)
      continue;
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
  return s + square_name(m.to()) + check_mark(pos, m);
}

core::Expected<Move> parse_san(const Position& pos, std::string_view text) {
  const RuleSet& r = pos.rules();
  bool wanted_promotion = false;
  std::string wanted = strip_marks(r, text, wanted_promotion);
  if (wanted.size() == 4 && wanted[1] == '@') wanted[0] = upper(wanted[0]);
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  for (const Move m : moves) {
    bool promotion = false;
    if (strip_marks(r, to_san(pos, m), promotion) == wanted && (!wanted_promotion || promotion)) return m;
  }
  // Be lenient with over-specified moves such as "Ng1f3" or a pawn capture without 'x'.
  for (const Move m : moves) {
    if (m.is_drop()) continue;
    const std::string full = square_name(m.from()) + square_name(m.to());
    const PieceType t = type_of(pos.piece_on(m.from()));
    const std::string letter = t == PAWN ? "" : std::string(1, upper(r.letters[t]));
    if (wanted_promotion && !m.is_promotion()) continue;
    if (wanted == letter + full || wanted == letter + square_name(m.from()) + "x" + square_name(m.to()))
      return m;
  }
  return core::error("move '" + std::string(text) + "' is not a legal SAN move in this position");
}

}  // namespace chaturanga
