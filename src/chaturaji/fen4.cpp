#include "chaturaji/fen4.h"

#include <cctype>
#include <charconv>
#include <vector>

namespace chaturaji {

namespace {

constexpr int FRAME = 14;
constexpr int OFFSET = 3;
constexpr const char* FEN4_EXTRAS = "{'dim':'8x8','boxOffset':1}";

const RuleSet& points_rules() { return rules(Variant::Points); }

int seat_of_upper(char c) {
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (std::toupper(points_rules().color_letter[s]) == c) return s;
  return -1;
}

int kind_of_letter(char c) {
  for (int k = 0; k < PIECE_TYPE_COUNT; ++k)
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
        if (run > FRAME - col) return core::error(where + ": more than 14 cells");
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
      pos.put(make_piece(seat, PieceType(kind)), sq);
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
  for (const int value : *points)
    if (value < 0 || value > Position::SCORE_LIMIT)
      return core::error("FEN4 points: " + std::to_string(value) + " is outside 0..9999");
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
      return core::error("FEN4: " + std::string(points_rules().color_name[i]) + " is in but has no king");
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
  std::string s(1, char(std::toupper(r.color_letter[pos.turn()])));
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
      c += r.color_letter[seat_of(p)];
      c += r.letter[type_of(p)];
      cell(c);
    }
    if (empty) row += std::to_string(empty) + ",";
    row.pop_back();
    s += row;
    if (rank > 1) s += '/';
  }
  return s;
}

}  // namespace chaturaji
