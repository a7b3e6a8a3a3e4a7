#include "chaturaji/fen.h"

#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include "core/fen_board.h"

namespace chaturaji {

int seat_of_letter(const RuleSet& r, char c) {
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (r.color_letter[s] == c) return s;
  return -1;
}

namespace {

int kind_of_letter(const RuleSet& r, char c) {
  for (int k = 0; k < PIECE_TYPE_COUNT; ++k)
    if (r.letter[k] == c && c != ' ') return k;
  return -1;
}

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (const char c : text) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

core::Expected<bool> parse_board(Position& pos, const std::string& board) {
  const RuleSet& r = pos.rules();
  const std::vector<std::string> ranks = split(board, '/');
  if (ranks.size() != 8)
    return core::error("board: expected 8 ranks split by '/', got " + std::to_string(ranks.size()));
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;
    int file = 0;
    const std::string& row = ranks[i];
    for (std::size_t j = 0; j < row.size(); ++j) {
      const char c = row[j];
      const std::string where = "board rank " + std::to_string(rank + 1);
      if (c >= '1' && c <= '8') {
        file += c - '0';
      } else {
        const int seat = seat_of_letter(r, c);
        if (seat < 0)
          return core::error(where + ": '" + c + "' is no colour letter of " + std::string(r.name));
        if (j + 1 >= row.size())
          return core::error(where + ": colour letter '" + c + "' without a piece letter");
        const int kind = kind_of_letter(r, row[++j]);
        if (kind < 0)
          return core::error(where + ": '" + row[j] + "' is no piece letter of " + std::string(r.name));
        if (file > 7) return core::error(where + ": more than 8 squares");
        pos.put(make_piece(seat, PieceType(kind)), core::make_square(file, rank));
        ++file;
      }
    }
    if (file != 8)
      return core::error("board rank " + std::to_string(rank + 1) + ": " + std::to_string(file) +
                         " squares, expected 8");
  }
  return true;
}

core::Expected<bool> parse_extra(Position& pos, const std::string& field) {
  const RuleSet& r = pos.rules();
  const auto eq = field.find('=');
  if (eq == std::string::npos) return core::error("field '" + field + "': expected key=value");
  const std::string key = field.substr(0, eq);
  const std::string value = field.substr(eq + 1);
  if (!r.dice) return core::error("field '" + field + "': only chaturaji-dice positions have extra fields");
  if (key == "dice") {
    std::vector<Throw> ring;
    for (const std::string& t : split(value, ',')) {
      if (t.size() != 2 || t[0] < '2' || t[0] > '5' || t[1] < '2' || t[1] > '5')
        return core::error("dice: '" + t + "' is not a throw of two long dice (faces 2-5), e.g. 34");
      ring.push_back(Throw{std::uint8_t(t[0] - '0'), std::uint8_t(t[1] - '0')});
    }
    if (ring.size() > std::size_t(Position::RING_CAPACITY))
      return core::error("dice: at most " + std::to_string(Position::RING_CAPACITY) + " throws");
    pos.set_throws(ring.data(), int(ring.size()), pos.dice_left());
  } else if (key == "used") {
    if (value != "1" && value != "2") return core::error("used: expected 1 or 2, got '" + value + "'");
    pos.set_dice(pos.dice(), value == "1" ? 2 : 1);
  } else if (key == "moved") {
    int n = 0;
    if (!parse_int(value, n) || n < 0 || n > 2)
      return core::error("moved: expected 0, 1 or 2, got '" + value + "'");
    pos.set_moves_this_turn(n);
  } else if (key == "lost") {
    if (value.size() != 4) return core::error("lost: expected four digits, got '" + value + "'");
    for (int s = 0; s < SEAT_COUNT; ++s) {
      if (value[s] < '0' || value[s] > '9') return core::error("lost: '" + value + "' is not four digits");
      pos.set_kings_lost(s, value[s] - '0');
    }
  } else if (key == "reenter") {
    SeatMask m = 0;
    for (const char c : value) {
      const int s = seat_of_letter(r, c);
      if (s < 0) return core::error("reenter: '" + std::string(1, c) + "' is no colour letter");
      m |= seat_bit(s);
    }
    pos.set_reentry(m);
  } else if (key == "thrones") {
    for (const std::string& pair : split(value, ',')) {
      const int taker = pair.size() == 2 ? seat_of_letter(r, pair[0]) : -1;
      const int victim = pair.size() == 2 ? seat_of_letter(r, pair[1]) : -1;
      if (taker < 0 || victim < 0) return core::error("thrones: '" + pair + "' is not two colour letters");
      pos.set_thrones(taker, SeatMask(pos.thrones(taker) | seat_bit(victim)));
    }
  } else {
    return core::error("unknown field '" + key + "'");
  }
  return true;
}

}  // namespace

core::Expected<Position> parse_fen(Variant v, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() < 5)
    return core::error("position: expected '<board> <turn> <out> <scores> <clock>', got " +
                       std::to_string(fields.size()) + " fields");
  Position pos = Position::empty(v);
  const RuleSet& r = pos.rules();
  if (auto b = parse_board(pos, fields[0]); !b) return core::error(b.error());
  const int turn = fields[1].size() == 1 ? seat_of_letter(r, fields[1][0]) : -1;
  if (turn < 0) return core::error("turn: '" + fields[1] + "' is no colour letter of " + std::string(r.name));
  pos.set_turn(turn);
  SeatMask out = 0;
  SeatMask resigned = 0;
  if (fields[2] != "-") {
    for (const char c : fields[2]) {
      const int s = seat_of_letter(r, char(std::tolower(static_cast<unsigned char>(c))));
      if (s < 0) return core::error("out: '" + std::string(1, c) + "' is no colour letter");
      out |= seat_bit(s);
      if (std::isupper(static_cast<unsigned char>(c))) resigned |= seat_bit(s);
    }
  }
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (!(out & seat_bit(s)) && !pos.has_king(s))
      return core::error("out: " + std::string(r.color_name[s]) + " has no king but is not listed as out");
  pos.set_in(SeatMask(ALL_SEATS & ~out));
  pos.set_resigned(resigned);
  const std::vector<std::string> scores = split(fields[3], ',');
  if (scores.size() != 4)
    return core::error("scores: expected four integers split by ',', got '" + fields[3] + "'");
  for (int s = 0; s < SEAT_COUNT; ++s) {
    int value = 0;
    if (!parse_int(scores[s], value)) return core::error("scores: '" + scores[s] + "' is not an integer");
    if (value < -Position::SCORE_LIMIT || value > Position::SCORE_LIMIT)
      return core::error("scores: '" + scores[s] + "' is outside -9999..9999");
    pos.set_score(s, value);
  }
  int clock = 0;
  if (!parse_int(fields[4], clock) || clock < 0)
    return core::error("clock: '" + fields[4] + "' is not a count");
  pos.set_clock(clock);
  for (std::size_t i = 5; i < fields.size(); ++i)
    if (auto e = parse_extra(pos, fields[i]); !e) return core::error(e.error());
  if (!(pos.movers() & seat_bit(turn)) && pos.movers() != 0)
    return core::error("turn: " + std::string(r.color_name[turn]) + " is out and cannot be to move");
  return pos;
}

std::string to_fen(const Position& pos) {
  const RuleSet& r = pos.rules();
  std::string s = core::fen_board([&](Square sq) {
    const Piece p = pos.piece_on(sq);
    return p == NO_PIECE ? std::string() : std::string{r.color_letter[seat_of(p)], r.letter[type_of(p)]};
  });
  s += ' ';
  s += r.color_letter[pos.turn()];
  s += ' ';
  std::string out;
  for (int seat = 0; seat < SEAT_COUNT; ++seat) {
    if (pos.is_in(seat)) continue;
    const char c = r.color_letter[seat];
    out += (pos.resigned() & seat_bit(seat)) ? char(std::toupper(c)) : c;
  }
  s += out.empty() ? "-" : out;
  s += ' ';
  for (int seat = 0; seat < SEAT_COUNT; ++seat) s += (seat ? "," : "") + std::to_string(pos.score(seat));
  s += ' ' + std::to_string(pos.clock());
  if (!r.dice) return s;
  s += " dice=";
  for (int i = 0; i < pos.ring_size(); ++i) {
    const Throw t = pos.ring((pos.ring_pos() + i) % pos.ring_size());
    if (i) s += ',';
    s += char('0' + t.first);
    s += char('0' + t.second);
  }
  if (pos.dice_left() == 2) s += " used=1";
  if (pos.dice_left() == 1) s += " used=2";
  if (pos.moves_this_turn()) s += " moved=" + std::to_string(pos.moves_this_turn());
  std::string lost;
  for (int seat = 0; seat < SEAT_COUNT; ++seat) lost += char('0' + pos.kings_lost(seat));
  if (lost != "0000") s += " lost=" + lost;
  if (pos.reentry()) {
    s += " reenter=";
    for (int seat = 0; seat < SEAT_COUNT; ++seat)
      if (pos.reentry() & seat_bit(seat)) s += r.color_letter[seat];
  }
  std::string thrones;
  for (int t = 0; t < SEAT_COUNT; ++t)
    for (int v = 0; v < SEAT_COUNT; ++v)
      if (pos.thrones(t) & seat_bit(v)) {
        if (!thrones.empty()) thrones += ',';
        thrones += r.color_letter[t];
        thrones += r.color_letter[v];
      }
  if (!thrones.empty()) s += " thrones=" + thrones;
  return s;
}

std::string start_fen(Variant v) { return to_fen(Position::start(v)); }

}  // namespace chaturaji
