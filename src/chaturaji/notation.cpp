#include "chaturaji/notation.h"

#include <cctype>

#include "chaturaji/movegen.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

std::string square_name(Square sq) { return {char('a' + core::file_of(sq)), char('1' + core::rank_of(sq))}; }

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return core::NO_SQUARE;
  return core::make_square(text[0] - 'a', text[1] - '1');
}

std::string to_text(const Position& pos, Move m) {
  switch (m.type()) {
    case Move::Pass: return "pass";
    case Move::Resign: return "resign";
    case Move::Timeout: return "timeout";
    case Move::Claim: return "claim";
    case Move::Drop: return "K@" + square_name(m.to());
    default: break;
  }
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion() && pos.rules().promotion == Promotion::Choice)
    s += char(std::tolower(pos.rules().letter[m.promoted_to()]));
  return s;
}

namespace {

core::Expected<Move> find_board_move(const Position& pos, std::string_view text) {
  const Square from = parse_square(text.substr(0, 2));
  const Square to = text.size() >= 4 ? parse_square(text.substr(2, 2)) : core::NO_SQUARE;
  if (from == core::NO_SQUARE || to == core::NO_SQUARE)
    return core::error("'" + std::string(text) + "' is not a move (expected e.g. e2e3)");
  std::string_view rest = text.substr(4);
  if (!rest.empty() && rest[0] == '=') rest.remove_prefix(1);
  if (rest.size() > 1) return core::error("'" + std::string(text) + "': unexpected text after the squares");
  const RuleSet& r = pos.rules();
  int wanted = -1;
  if (!rest.empty()) {
    const char c = char(std::toupper(static_cast<unsigned char>(rest[0])));
    for (int k = KNIGHT; k < PIECE_TYPE_COUNT; ++k)
      if (r.letter[k] == c) wanted = k;
    if (wanted < 0)
      return core::error("'" + std::string(text) + "': no piece has the letter '" + rest[0] + "'");
  }
  MoveList list;
  generate(pos, list);
  int promotions = 0;
  Move found = Move::none();
  for (const Move m : list) {
    if (!m.is_board_move() || m.from() != from || m.to() != to) continue;
    if (!m.is_promotion()) return m;
    ++promotions;
    if (wanted < 0 || m.promoted_to() == PieceType(wanted)) found = m;
  }
  if (promotions == 0) {
    const std::string who(r.color_name[pos.turn()]);
    return core::error("illegal move '" + std::string(text) + "' for " + who);
  }
  if (wanted < 0 && promotions > 1)
    return core::error("'" + std::string(text) + "' promotes: add the piece letter (e.g. " +
                       std::string(text.substr(0, 4)) + "r)");
  if (found == Move::none())
    return core::error("'" + std::string(text) + "': that promotion is not allowed here");
  return found;
}

}  // namespace

bool is_move_form(std::string_view text) {
  const auto face = [](char c) { return c >= '2' && c <= '5'; };
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (text == "resign" || text == "timeout" || text == "claim" || text == "pass") return true;
  if (text.starts_with("K@")) return parse_square(text.substr(2)) != core::NO_SQUARE;
  if (text.starts_with("dice:")) return text.size() == 7 && face(text[5]) && face(text[6]);
  if (text.size() < 4 || parse_square(text.substr(0, 2)) == core::NO_SQUARE ||
      parse_square(text.substr(2, 2)) == core::NO_SQUARE)
    return false;
  std::string_view rest = text.substr(4);
  if (rest.starts_with('=')) rest.remove_prefix(1);
  return rest.empty() || (rest.size() == 1 && letter(rest[0]));
}

core::Expected<Move> parse_move(const Position& pos, std::string_view text) {
  if (text == "resign") return Move::special(Move::Resign);
  if (text == "timeout") return Move::special(Move::Timeout);
  if (text == "claim") {
    if (!may_claim(pos)) return core::error("claim: the player to move may not claim the win here");
    return Move::special(Move::Claim);
  }
  MoveList list;
  generate(pos, list);
  if (text == "pass") {
    if (!list.contains(Move::special(Move::Pass)) && pos.variant() != Variant::Dice)
      return core::error("pass: the player to move has moves and may not pass");
    return Move::special(Move::Pass);
  }
  if (text.size() == 4 && text[0] == 'K' && text[1] == '@') {
    const Square to = parse_square(text.substr(2));
    if (to == core::NO_SQUARE) return core::error("'" + std::string(text) + "' names no square");
    if (!list.contains(Move(to, to, Move::Drop)))
      return core::error("'" + std::string(text) + "': the player to move may not put its king back there");
    return Move(to, to, Move::Drop);
  }
  return find_board_move(pos, text);
}

}  // namespace chaturaji
