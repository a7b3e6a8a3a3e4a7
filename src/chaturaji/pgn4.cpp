#include "chaturaji/pgn4.h"

#include <cctype>

#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

namespace {

struct Token {
  char piece = 0;
  Square from = core::NO_SQUARE;
  Square to = core::NO_SQUARE;
  bool capture = false;
  char captured = 0;
  char promotion = 0;
};

core::Expected<Token> parse_token(std::string_view t) {
  Token tok;
  const std::string text(t);
  while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
  if (t.size() >= 2 && t[t.size() - 2] == '=') {
    tok.promotion = t.back();
    t.remove_suffix(2);
  }
  if (!t.empty() && std::isupper(static_cast<unsigned char>(t[0]))) {
    tok.piece = t[0];
    t.remove_prefix(1);
  }
  const std::size_t sep = t.find_first_of("-x");
  if (sep == std::string_view::npos)
    return core::error("'" + text + "' is not a PGN4 move (e.g. Kg4-f5, h4xg5)");
  tok.capture = t[sep] == 'x';
  tok.from = parse_frame_square(t.substr(0, sep));
  std::string_view rest = t.substr(sep + 1);
  if (!rest.empty() && std::isupper(static_cast<unsigned char>(rest[0]))) {
    tok.captured = rest[0];
    rest.remove_prefix(1);
  }
  tok.to = parse_frame_square(rest);
  if (tok.from == core::NO_SQUARE || tok.to == core::NO_SQUARE)
    return core::error("'" + text + "': a square is outside the 8x8 board (d4-k11 in chess.com's frame)");
  return tok;
}

bool is_move_number(const std::string& t) {
  return t.size() >= 2 && t.back() == '.' && t.find_first_not_of("0123456789") == t.size() - 1;
}

bool is_result(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

}  // namespace

core::Expected<Pgn4Game> parse_pgn4(std::string_view text) {
  core::PgnTags tags;
  const auto section = core::read_pgn_tags(text, tags);
  if (!section) return core::error("PGN4 " + section.error());
  Position start = Position::start(Variant::Points);
  if (const auto it = tags.find("StartFen4"); it != tags.end()) {
    const auto pos = parse_fen4(it->second);
    if (!pos) return core::error("StartFen4: " + pos.error());
    start = *pos;
  }
  Pgn4Game out{Game(start), std::move(tags), {}};
  std::string body;
  int depth = 0;
  for (const char c : text.substr(section->end)) {
    if (c == '{') ++depth;
    if (depth == 0) body += c;
    if (c == '}' && depth > 0) --depth;
  }
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < body.size();) {
    while (i < body.size() && std::isspace(static_cast<unsigned char>(body[i]))) ++i;
    std::size_t j = i;
    while (j < body.size() && !std::isspace(static_cast<unsigned char>(body[j]))) ++j;
    if (j > i) tokens.push_back(body.substr(i, j - i));
    i = j;
  }
  int ply = 0;
  for (const std::string& t : tokens) {
    if (t == ".." || is_move_number(t) || is_result(t)) continue;
    ++ply;
    const std::string at = "ply " + std::to_string(ply) + " ('" + t + "')";
    Game& game = out.game;
    // chess.com ends a game only when one player is left (or on a claim); our
    // draw rules do not cut a record short.
    if (game.position().in_count() <= 1 || game.position().claimant() >= 0)
      return core::error(at + ": a move after the end of the game");
    const Position& pos = game.position();
    if (t == "R" || t == "T") {
      game.play(Move::special(t == "R" ? Move::Resign : Move::Timeout));
      continue;
    }
    const auto tok = parse_token(t);
    if (!tok) return core::error(at + ": " + tok.error());
    MoveList list;
    generate(pos, list);
    Move found = Move::none();
    for (const Move m : list)
      if (m.is_board_move() && m.from() == tok->from && m.to() == tok->to) found = m;
    if (found == Move::none())
      return core::error(at + ": not a legal move of " + std::string(pos.rules().color_name[pos.turn()]));
    const Piece mover = pos.piece_on(tok->from);
    const Piece captured = pos.piece_on(tok->to);
    const char letter = type_of(mover) == PAWN ? 0 : pos.rules().letter[type_of(mover)];
    if (tok->piece != letter)
      out.warnings.push_back(at + ": the piece letter does not match the " +
                             std::string(pos.rules().piece_type_name[type_of(mover)]) + " on " +
                             frame_square_name(tok->from));
    if (tok->capture != (captured != NO_PIECE))
      out.warnings.push_back(
          at + (tok->capture ? ": marked as a capture but " + frame_square_name(tok->to) + " is empty"
                             : ": a capture not marked with 'x'"));
    if (tok->promotion && !found.is_promotion())
      out.warnings.push_back(at + ": '=" + tok->promotion + "' on " + frame_square_name(tok->to) + " (our " +
                             square_name(tok->to) + ") is no promotion square; read as a plain move");
    game.play(found);
  }
  return out;
}

std::string pgn4_move(const Position& before, const Position& after, Move m) {
  if (m.type() == Move::Resign || m.type() == Move::Timeout) return m.type() == Move::Resign ? "R" : "T";
  if (!m.is_board_move()) return std::string("{") + (m.type() == Move::Claim ? "claim" : "pass") + "}";
  const RuleSet& r = before.rules();
  const Piece p = before.piece_on(m.from());
  const Piece captured = before.piece_on(m.to());
  std::string s;
  if (type_of(p) != PAWN) s += r.letter[type_of(p)];
  s += frame_square_name(m.from());
  if (captured == NO_PIECE) {
    s += "-";
  } else {
    s += "x";
    if (type_of(captured) != PAWN) s += r.letter[type_of(captured)];
  }
  s += frame_square_name(m.to());
  if (m.is_promotion()) s += "=R";
  if (captured != NO_PIECE && type_of(captured) == KING)
    s += "#";
  else
    s += std::string(std::size_t(newly_threatened(before, after, before.turn())), '+');
  return s;
}

std::string to_pgn4(const Game& game) {
  const Outcome o = game.outcome();
  std::string s = core::pgn_tag("Variant", "Chaturaji");
  if (!(game.start() == Position::start(Variant::Points)))
    s += core::pgn_tag("StartFen4", to_fen4(game.start()));
  s += core::pgn_tag("Result", result_text(game.start().rules(), o));
  if (o.over) {
    for (int i = 0; i < SEAT_COUNT; ++i)
      s += core::pgn_tag("Points" + std::to_string(i + 1), std::to_string(o.scores[i]));
  }
  s += "\n";
  int round = 0;
  int last_seat = SEAT_COUNT;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Position& before = game.history()[i];
    const Position& after = game.history()[i + 1];
    const Move m = game.moves()[i];
    const int seat = before.turn();
    if (seat <= last_seat) {
      if (round) s += "\n";
      s += std::to_string(++round) + ". ";
    } else {
      s += " .. ";
    }
    last_seat = seat;
    s += pgn4_move(before, after, m);
  }
  s += "\n";
  return s;
}

}  // namespace chaturaji
