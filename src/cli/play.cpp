#include "cli/play.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/notation.h"
#include "engine/bot.h"

namespace cli {

using namespace chaturanga;

namespace {

// Outline glyphs for White, solid for Black, in p n b r q k order.
constexpr const char* GLYPHS[2][PIECE_TYPE_COUNT] = {
    {"\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
    {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"}};

constexpr const char* HELP =
    "Moves: UCI (e2e3) or SAN (e3, Nf3). Commands: undo, new, fen, board, help, quit.\n";

}  // namespace

std::string draw_board(const Position& pos, bool color) {
  std::ostringstream out;
  for (int rank = 7; rank >= 0; --rank) {
    out << ' ' << rank + 1 << ' ';
    for (int file = 0; file < 8; ++file) {
      const Square sq = core::make_square(file, rank);
      const Piece p = pos.piece_on(sq);
      const bool attacked_king = p != NO_PIECE && type_of(p) == KING && pos.king_attacked(color_of(p));
      const char* glyph =
          p == NO_PIECE ? ((file + rank) % 2 ? "\u00B7" : " ") : GLYPHS[color_of(p)][type_of(p)];
      if (attacked_king)
        out << (color ? "\033[41m" : "[") << glyph << (color ? " \033[0m" : "]");
      else
        out << glyph << ' ';
    }
    out << '\n';
  }
  out << "   a b c d e f g h\n";
  return out.str();
}

int run_play(const std::vector<std::string>& args, std::istream& in, std::ostream& out) {
  Color human = WHITE;
  int level = 5;
  int think_ms = 2000;
  bool color = true;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--black")
      human = BLACK;
    else if (args[i] == "--no-colour")
      color = false;
    else if ((args[i] == "--level" || args[i] == "--think-ms") && i + 1 < args.size() &&
             !args[i + 1].empty() && args[i + 1].size() < 6 &&
             args[i + 1].find_first_not_of("0123456789") == std::string::npos) {
      const int value = std::stoi(args[i + 1]);
      if (args[i] == "--level")
        level = std::clamp(value, engine::MIN_LEVEL, engine::MAX_LEVEL);
      else
        think_ms = std::max(10, value);
      ++i;
    } else {
      out << "play: unknown option '" << args[i]
          << "' (use --black, --level 1-8, --think-ms N, --no-colour)\n";
      return 2;
    }
  }
  Game game;
  out << "Chaturanga: you play " << (human == WHITE ? "White" : "Black") << " against the level " << level
      << " bot. " << HELP;
  while (true) {
    if (!game.over() && game.position().side_to_move() != human) {
      const Move m = engine::bot_move(game, level, std::chrono::milliseconds(think_ms));
      out << "Bot plays " << to_san(game.position(), m) << " (" << to_uci(m) << ")\n";
      game.play(m);
      continue;
    }
    out << '\n' << draw_board(game.position(), color);
    if (game.over()) {
      out << "Game over: " << result_text(game.outcome().result) << ", "
          << reason_words(game.outcome().reason) << ". Type 'new', 'undo' or 'quit'.\n";
    }
    out << "> " << std::flush;
    std::string line;
    if (!std::getline(in, line)) return 0;
    std::istringstream words(line);
    std::string word;
    words >> word;
    if (word.empty()) continue;
    if (word == "quit" || word == "exit") return 0;
    if (word == "help")
      out << HELP;
    else if (word == "new")
      game = Game();
    else if (word == "fen")
      out << to_fen(game.position()) << '\n';
    else if (word == "board")
      continue;
    else if (word == "undo") {
      game.undo();
      if (game.position().side_to_move() != human) game.undo();
    } else if (game.over()) {
      out << "The game is over.\n";
    } else {
      auto m = parse_uci(game.position(), word);
      if (!m) m = parse_san(game.position(), word);
      if (!m)
        out << "Not a legal move: '" << word << "'. " << HELP;
      else
        game.play(*m);
    }
  }
}

}  // namespace cli
