#include "chaturanga/fen.h"

#include <charconv>
#include <sstream>
#include <vector>

#include "core/fen_board.h"

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

Piece piece_from_letter(const RuleSet& r, char c) {
  const char lower = char(c | 0x20);
  for (int t = 0; t < PIECE_TYPE_COUNT; ++t)
    if (r.letters[t] == lower) return make_piece(c == lower ? BLACK : WHITE, PieceType(t));
  return NO_PIECE;
}

char letter_of(const RuleSet& r, Piece p) {
  const char letter = r.letters[type_of(p)];
  return color_of(p) == WHITE ? char(letter - 32) : letter;
}

std::string square_name(int file, int rank) { return {char('a' + file), char('1' + rank)}; }
std::string color_name(Color c) { return c == WHITE ? "white" : "black"; }

// A pawn never stands on its own first rank, nor where it would have promoted
// on arriving.
core::Expected<bool> check_pawn(const RuleSet& r, Piece p, int file, int rank) {
  const Color c = color_of(p);
  const bool first_rank = rank == (c == WHITE ? 0 : 7);
  const Bitboard promotes = r.sittuyin_promotion ? 0 : r.promotion_region[c];
  if (r.variant == Variant::Chaturanga && (rank == 0 || rank == 7))
    return core::error("FEN has a pawn on " + square_name(file, rank) +
                       ": pawns cannot stand on the first or last rank");
  if (first_rank || (promotes & core::square_bb(core::make_square(file, rank))))
    return core::error(
        "FEN has a " + color_name(c) + " pawn on " + square_name(file, rank) +
        (first_rank ? ": pawns cannot stand on their own first rank" : ": it would have promoted there"));
  return true;
}

core::Expected<bool> parse_pockets(const RuleSet& r, std::string_view text, Position& pos) {
  if (!r.drops)
    return core::error("FEN has pieces in hand ('['), which " + std::string(r.pgn_name) + " does not have");
  if (text.size() < 2 || text.back() != ']') return core::error("FEN pieces in hand must end with ']'");
  for (const char c : text.substr(1, text.size() - 2)) {
    const Piece p = piece_from_letter(r, c);
    if (p == NO_PIECE) return core::error(std::string("FEN has an unknown piece letter '") + c + "' in hand");
    const int now = pos.hand(color_of(p), type_of(p));
    if (now == 15) return core::error(std::string("FEN has more than 15 '") + c + "' in hand");
    pos.set_hand(color_of(p), type_of(p), now + 1);
  }
  return true;
}

core::Expected<bool> parse_placement(const RuleSet& r, std::string_view text, Position& pos) {
  const std::size_t bracket = text.find('[');
  if (bracket != std::string_view::npos) {
    if (auto hand = parse_pockets(r, text.substr(bracket), pos); !hand) return hand;
    text = text.substr(0, bracket);
  }
  int rank = 7;
  int file = 0;
  for (const char c : text) {
    if (c == '/') {
      if (file != 8)
        return core::error("FEN rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                           " squares, not 8");
      if (--rank < 0) return core::error("FEN placement has more than 8 ranks");
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      const Piece p = piece_from_letter(r, c);
      if (p == NO_PIECE) return core::error(std::string("FEN has an unknown piece letter '") + c + "'");
      if (file > 7) return core::error("FEN rank " + std::to_string(rank + 1) + " is longer than 8 squares");
      if (type_of(p) == PAWN)
        if (auto ok = check_pawn(r, p, file, rank); !ok) return ok;
      pos.put(p, core::make_square(file, rank));
      ++file;
    }
    if (file > 8) return core::error("FEN rank " + std::to_string(rank + 1) + " is longer than 8 squares");
  }
  if (rank != 0 || file != 8) return core::error("FEN placement does not describe 8 full ranks");
  return true;
}

// Cambodian: the files whose piece on the owner's back rank has not moved.
core::Expected<bool> parse_gates(const RuleSet& r, std::string_view field, Position& pos) {
  if (field == "-") return true;
  if (!r.first_moves)
    return core::error("FEN castling field must be '-': " + std::string(r.pgn_name) + " has no castling");
  for (const char c : field) {
    const Color color = (c >= 'a' && c <= 'h') ? BLACK : WHITE;
    const int file = color == BLACK ? c - 'a' : c - 'A';
    if (file < 0 || file > 7)
      return core::error(std::string("FEN first-move field has '") + c + "', not a file letter A-H or a-h");
    const Square sq = core::make_square(file, color == WHITE ? 0 : 7);
    if (!(pos.pieces(color) & core::square_bb(sq)))
      return core::error(std::string("FEN first-move field names ") + c + ", but no " + color_name(color) +
                         " piece stands on " + square_name(file, core::rank_of(sq)));
    pos.set_gate(color, file, true);
  }
  return true;
}

core::Expected<int> parse_counting_limit(const RuleSet& r, std::string_view field) {
  if (field == "-") return 0;
  int limit = 0;
  if (r.counting == Counting::None)
    return core::error("FEN en-passant field must be '-': " + std::string(r.pgn_name) + " has no en passant");
  if (!parse_int(field, limit) || limit < 1 || limit > 255)
    return core::error("FEN counting field '" + std::string(field) +
                       "' is not '-' nor a limit from 1 to 255");
  return limit;
}

core::Expected<bool> check_kings(const RuleSet& r, const Position& pos) {
  for (const Color c : {WHITE, BLACK}) {
    if (core::more_than_one(pos.pieces(c, KING)))
      return core::error("FEN has two " + color_name(c) + " kings");
    if (r.royal_king && !pos.has_king(c) && pos.hand(c, KING) == 0)
      return core::error("FEN has no " + color_name(c) + " king: " + std::string(r.pgn_name) + " needs one");
    if (pos.has_king(c) && pos.hand(c, KING))
      return core::error("FEN has a " + color_name(c) + " king on the board and one in hand");
  }
  const Color waiting = ~pos.side_to_move();
  if (r.royal_king && pos.king_attacked(waiting))
    return core::error("FEN leaves the " + color_name(waiting) + " king in check with " +
                       color_name(pos.side_to_move()) + " to move");
  return true;
}

}  // namespace

core::Expected<Position> parse_fen(std::string_view fen) { return parse_fen(seed_rules(), fen); }

core::Expected<Position> parse_fen(const RuleSet& r, std::string_view fen) {
  const auto fields = split_fields(fen);
  if (fields.size() != 4 && fields.size() != 6)
    return core::error("FEN needs 6 fields (or 4 without clocks), got " + std::to_string(fields.size()));
  Position pos = Position::empty(r);
  if (auto placed = parse_placement(r, fields[0], pos); !placed) return core::error(placed.error());
  if (fields[1] != "w" && fields[1] != "b")
    return core::error("FEN side to move must be 'w' or 'b', got '" + std::string(fields[1]) + "'");
  pos.set_side_to_move(fields[1] == "w" ? WHITE : BLACK);
  if (auto gates = parse_gates(r, fields[2], pos); !gates) return core::error(gates.error());
  const auto limit = parse_counting_limit(r, fields[3]);
  if (!limit) return core::error(limit.error());
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
  // While counting, the halfmove field holds the plies counted (as Fairy-Stockfish writes it).
  if (*limit) {
    pos.set_counting(*limit, halfmove);
    halfmove = 0;
  }
  pos.set_clocks(halfmove, fullmove);
  if (auto kings = check_kings(r, pos); !kings) return core::error(kings.error());
  return pos;
}

Position start_position(const RuleSet& r) {
  if (&r == &seed_rules()) return Position::start();
  return parse_fen(r, r.start_fen).value();
}

std::string to_fen(const Position& pos) {
  const RuleSet& r = pos.rules();
  std::ostringstream out;
  out << core::fen_board([&](Square sq) {
    const Piece p = pos.piece_on(sq);
    return p == NO_PIECE ? std::string() : std::string(1, letter_of(r, p));
  });
  if (r.drops) {
    // Fairy-Stockfish's order: king, elephant, minister, chariot, horse, pawn.
    constexpr PieceType ORDER[] = {KING, ELEPHANT, MINISTER, CHARIOT, HORSE, PAWN};
    out << '[';
    for (const Color c : {WHITE, BLACK})
      for (const PieceType t : ORDER) out << std::string(pos.hand(c, t), letter_of(r, make_piece(c, t)));
    out << ']';
  }
  out << (pos.side_to_move() == WHITE ? " w " : " b ");
  std::string gates;
  for (const Color c : {WHITE, BLACK})
    for (int file = 0; file < 8; ++file)
      if (pos.gates(c) & core::file_bb(file)) gates += char((c == WHITE ? 'A' : 'a') + file);
  out << (gates.empty() ? "-" : gates) << ' ';
  if (pos.counting_limit())
    out << pos.counting_limit() << ' ' << pos.counting_ply();
  else
    out << "- " << pos.halfmove_clock();
  out << ' ' << pos.fullmove_number();
  return out.str();
}

}  // namespace chaturanga
