#include "chaturaji/pgn4.h"

#include <cctype>
#include <charconv>

#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

namespace {

constexpr int FRAME = 14;
constexpr int OFFSET = 3;
constexpr const char* FEN4_EXTRAS = "{'dim':'8x8','boxOffset':1}";

const RuleSet& points_rules() { return rules(Variant::Points); }

int seat_of_upper(char c) {
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (std::toupper(points_rules().colour_letter[s]) == c) return s;
  return -1;
}

int kind_of_letter(char c) {
  for (int k = 0; k < KIND_COUNT; ++k)
    if (points_rules().letter[k] == c && c != ' ') return k;
  return -1;
}

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out(1);
  for (const char c : text) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

std::string frame_square_name(Square sq) {
  return char('a' + core::file_of(sq) + OFFSET) + std::to_string(core::rank_of(sq) + 1 + OFFSET);
}

Square parse_frame_square(std::string_view text) {
  if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'n') return core::NO_SQUARE;
  int rank = 0;
  if (!parse_int(text.substr(1), rank)) return core::NO_SQUARE;
  const int f = text[0] - 'a' - OFFSET;
  const int r = rank - 1 - OFFSET;
  if (!core::is_ok(f, r)) return core::NO_SQUARE;
  return core::make_square(f, r);
}

// ---- FEN4 ----

namespace {

core::Expected<bool> parse_fen4_board(Position& pos, const std::string& board, SeatMask dead) {
  const std::vector<std::string> rows = split(board, '/');
  if (rows.size() != FRAME)
    return core::error("FEN4 board: expected 14 rows split by '/', got " + std::to_string(rows.size()));
  for (int i = 0; i < FRAME; ++i) {
    const int rank = FRAME - i;  // 1-based in the frame
    const std::string where =
        "FEN4 board row " + std::to_string(i + 1) + " (rank " + std::to_string(rank) + ")";
    int col = 0;
    for (const std::string& cell : split(rows[i], ',')) {
      int run = 0;
      if (cell == "x") {
        const Square sq = parse_frame_square(std::string(1, char('a' + col)) + std::to_string(rank));
        if (sq != core::NO_SQUARE)
          return core::error(where + ": a wall on the playing square " + frame_square_name(sq));
        ++col;
        continue;
      }
      if (parse_int(cell, run)) {
        if (run < 1) return core::error(where + ": bad run of empty squares '" + cell + "'");
        col += run;
        continue;
      }
      std::string_view c = cell;
      const bool is_dead = !c.empty() && c[0] == 'd' && c.size() == 3;
      if (is_dead) c.remove_prefix(1);
      const int seat =
          c.size() == 2 ? seat_of_upper(char(std::toupper(static_cast<unsigned char>(c[0])))) : -1;
      const int kind = c.size() == 2 ? kind_of_letter(c[1]) : -1;
      if (seat < 0 || kind < 0) return core::error(where + ": '" + cell + "' is no piece (e.g. rK, bP, dyB)");
      if (col >= FRAME) return core::error(where + ": more than 14 cells");
      const Square sq = parse_frame_square(std::string(1, char('a' + col)) + std::to_string(rank));
      if (sq == core::NO_SQUARE) return core::error(where + ": piece '" + cell + "' outside the 8x8 board");
      if (is_dead && !(dead & seat_bit(seat)))
        return core::error(where + ": dead piece '" + cell + "' of a player the header says is in");
      pos.put(make_piece(seat, Kind(kind)), sq);
      ++col;
    }
    if (col != FRAME) return core::error(where + ": " + std::to_string(col) + " cells, expected 14");
  }
  return true;
}

core::Expected<std::array<int, SEAT_COUNT>> four_ints(const std::string& field, const char* what) {
  const std::vector<std::string> parts = split(field, ',');
  if (parts.size() != 4)
    return core::error(std::string("FEN4 ") + what + ": expected four values, got '" + field + "'");
  std::array<int, SEAT_COUNT> v{};
  for (int i = 0; i < SEAT_COUNT; ++i)
    if (!parse_int(parts[i], v[i]))
      return core::error(std::string("FEN4 ") + what + ": '" + parts[i] + "' is not an integer");
  return v;
}

}  // namespace

core::Expected<Position> parse_fen4(std::string_view text) {
  std::string s;
  for (const char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  std::vector<std::string> head;
  std::size_t at = 0;
  for (int i = 0; i < 6; ++i) {
    const std::size_t dash = s.find('-', at);
    if (dash == std::string::npos)
      return core::error(
          "FEN4: expected turn-dead-castleK-castleQ-points-halfmove-board, the header ends early");
    head.push_back(s.substr(at, dash - at));
    at = dash + 1;
  }
  if (at < s.size() && s[at] == '{') {
    const std::size_t close = s.find('}', at);
    if (close == std::string::npos || close + 1 >= s.size() || s[close + 1] != '-')
      return core::error("FEN4: the {...} options are not closed and followed by '-'");
    at = close + 2;
  }
  Position pos = Position::empty(Variant::Points);
  const int turn = head[0].size() == 1 ? seat_of_upper(head[0][0]) : -1;
  if (turn < 0) return core::error("FEN4 turn: '" + head[0] + "' is not R, B, Y or G");
  const auto dead = four_ints(head[1], "dead flags");
  if (!dead) return core::error(dead.error());
  const auto points = four_ints(head[4], "points");
  if (!points) return core::error(points.error());
  int clock = 0;
  if (!parse_int(head[5], clock) || clock < 0)
    return core::error("FEN4 halfmove clock: '" + head[5] + "' is not a count");
  SeatMask dead_mask = 0;
  for (int i = 0; i < SEAT_COUNT; ++i)
    if ((*dead)[i]) dead_mask |= seat_bit(i);
  if (auto b = parse_fen4_board(pos, s.substr(at), dead_mask); !b) return core::error(b.error());
  SeatMask resigned = 0;
  for (int i = 0; i < SEAT_COUNT; ++i) {
    pos.set_score(i, (*points)[i]);
    if ((dead_mask & seat_bit(i)) && pos.has_king(i)) resigned |= seat_bit(i);
    if (!(dead_mask & seat_bit(i)) && !pos.has_king(i))
      return core::error("FEN4: " + std::string(points_rules().colour_name[i]) + " is in but has no king");
  }
  if (dead_mask & seat_bit(turn)) return core::error("FEN4 turn: the player to move is dead");
  pos.set_in(SeatMask(ALL_SEATS & ~dead_mask));
  pos.set_resigned(resigned);
  pos.set_turn(turn);
  pos.set_clock(clock);
  return pos;
}

std::string to_fen4(const Position& pos) {
  const RuleSet& r = pos.rules();
  std::string s(1, char(std::toupper(r.colour_letter[pos.turn()])));
  const auto four = [&](auto value) {
    std::string f;
    for (int i = 0; i < SEAT_COUNT; ++i) f += (i ? "," : "") + std::to_string(value(i));
    return f;
  };
  s += "-" + four([&](int i) { return pos.is_in(i) ? 0 : 1; });
  s += "-0,0,0,0-0,0,0,0";
  s += "-" + four([&](int i) { return pos.score(i); });
  s += "-" + std::to_string(pos.clock()) + "-" + FEN4_EXTRAS + "-";
  for (int rank = FRAME; rank >= 1; --rank) {
    std::string row;
    int empty = 0;
    const auto cell = [&](const std::string& c) {
      if (empty) row += std::to_string(empty) + ",";
      empty = 0;
      row += c + ",";
    };
    for (int col = 0; col < FRAME; ++col) {
      const Square sq = parse_frame_square(std::string(1, char('a' + col)) + std::to_string(rank));
      if (sq == core::NO_SQUARE) {
        cell("x");
        continue;
      }
      const Piece p = pos.piece_on(sq);
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      std::string c = pos.is_in(seat_of(p)) ? "" : "d";
      c += r.colour_letter[seat_of(p)];
      c += r.letter[kind_of(p)];
      cell(c);
    }
    if (empty) row += std::to_string(empty) + ",";
    row.pop_back();
    s += row;
    if (rank > 1) s += '/';
  }
  return s;
}

// ---- PGN4 ----

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

// Reads the [Name "Value"] tags; returns where the movetext starts.
core::Expected<std::size_t> read_tags(std::string_view text, std::map<std::string, std::string>& tags) {
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size() || text[i] != '[') return i;
    const std::size_t quote = text.find('"', i);
    if (quote == std::string_view::npos)
      return core::error("PGN4 tag at offset " + std::to_string(i) + " has no value");
    const std::size_t end = text.find("\"]", quote + 1);
    if (end == std::string_view::npos)
      return core::error("PGN4 tag at offset " + std::to_string(i) + " is not closed");
    std::string name(text.substr(i + 1, quote - i - 1));
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
    tags[name] = std::string(text.substr(quote + 1, end - quote - 1));
    i = end + 2;
  }
}

}  // namespace

core::Expected<Pgn4Game> parse_pgn4(std::string_view text) {
  std::map<std::string, std::string> tags;
  const auto body_at = read_tags(text, tags);
  if (!body_at) return core::error(body_at.error());
  Position start = Position::start(Variant::Points);
  if (const auto it = tags.find("StartFen4"); it != tags.end()) {
    const auto pos = parse_fen4(it->second);
    if (!pos) return core::error("StartFen4: " + pos.error());
    start = *pos;
  }
  Pgn4Game out{Game(start), std::move(tags), {}};
  std::string body;
  int depth = 0;
  for (const char c : text.substr(*body_at)) {
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
      return core::error(at + ": not a legal move of " + std::string(pos.rules().colour_name[pos.turn()]));
    const Piece mover = pos.piece_on(tok->from);
    const Piece captured = pos.piece_on(tok->to);
    const char letter = kind_of(mover) == PAWN ? 0 : pos.rules().letter[kind_of(mover)];
    if (tok->piece != letter)
      out.warnings.push_back(at + ": the piece letter does not match the " +
                             std::string(pos.rules().kind_name[kind_of(mover)]) + " on " +
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

std::string to_pgn4(const Game& game) {
  const Outcome o = game.outcome();
  std::string s = "[Variant \"Chaturaji\"]\n";
  if (!(game.start() == Position::start(Variant::Points)))
    s += "[StartFen4 \"" + to_fen4(game.start()) + "\"]\n";
  s += "[Result \"" + result_text(game.start().rules(), o) + "\"]\n";
  if (o.over) {
    for (int i = 0; i < SEAT_COUNT; ++i)
      s += "[Points" + std::to_string(i + 1) + " \"" + std::to_string(o.scores[i]) + "\"]\n";
  }
  s += "\n";
  const RuleSet& r = game.start().rules();
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
    if (m.type() == Move::Resign || m.type() == Move::Timeout) {
      s += m.type() == Move::Resign ? "R" : "T";
      continue;
    }
    if (!m.is_board_move()) {
      s += std::string("{") + (m.type() == Move::Claim ? "claim" : "pass") + "}";
      continue;
    }
    const Piece p = before.piece_on(m.from());
    const Piece captured = before.piece_on(m.to());
    if (kind_of(p) != PAWN) s += r.letter[kind_of(p)];
    s += frame_square_name(m.from());
    if (captured == NO_PIECE) {
      s += "-";
    } else {
      s += "x";
      if (kind_of(captured) != PAWN) s += r.letter[kind_of(captured)];
    }
    s += frame_square_name(m.to());
    if (m.is_promotion()) s += "=R";
    if (captured != NO_PIECE && kind_of(captured) == KING)
      s += "#";
    else
      s += std::string(std::size_t(newly_threatened(before, after, seat)), '+');
  }
  s += "\n";
  return s;
}

}  // namespace chaturaji
