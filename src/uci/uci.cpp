#include "uci/uci.h"

#include <iostream>
#include <sstream>
#include <string>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/notation.h"
#include "chaturanga/perft.h"

namespace uci {

namespace {

struct Session {
  chaturanga::Game game;
  std::ostream& out;

  void position(std::istringstream& args) {
    std::string word;
    args >> word;
    chaturanga::Game next;
    if (word == "fen") {
      std::string fen;
      while (args >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
      auto g = chaturanga::Game::from_fen(fen);
      if (!g) {
        out << "info string error: bad FEN: " << g.error() << std::endl;
        return;
      }
      next = *g;
    } else if (word == "startpos") {
      args >> word;
    } else {
      out << "info string error: position needs 'startpos' or 'fen'" << std::endl;
      return;
    }
    if (word == "moves")
      while (args >> word) {
        const auto played = next.play_uci(word);
        if (!played) {
          out << "info string error: " << played.error() << std::endl;
          return;
        }
      }
    game = next;
  }

  void go(std::istringstream& args) {
    std::string word;
    args >> word;
    if (word == "perft") {
      int depth = 0;
      if (!(args >> depth) || depth < 1) {
        out << "info string error: go perft needs a depth of at least 1" << std::endl;
        return;
      }
      std::uint64_t total = 0;
      for (const auto& [move, nodes] : chaturanga::perft_divide(game.position(), depth)) {
        out << chaturanga::to_uci(move) << ": " << nodes << '\n';
        total += nodes;
      }
      out << "\nNodes searched: " << total << '\n' << std::endl;
      return;
    }
    out << "info string error: only 'go perft N' is available" << std::endl;
  }
};

}  // namespace

int run(std::istream& in, std::ostream& out) {
  Session session{chaturanga::Game(), out};
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream args(line);
    std::string command;
    args >> command;
    if (command == "uci") {
      out << "id name Chaturanga\nid author the Chaturanga developers\n"
          << "option name UCI_Variant type combo default chaturanga var chaturanga\n"
          << "uciok" << std::endl;
    } else if (command == "isready") {
      out << "readyok" << std::endl;
    } else if (command == "ucinewgame") {
      session.game = chaturanga::Game();
    } else if (command == "position") {
      session.position(args);
    } else if (command == "go") {
      session.go(args);
    } else if (command == "setoption") {
    } else if (command == "quit") {
      break;
    } else if (!command.empty()) {
      out << "info string error: unknown command '" << command << "'" << std::endl;
    }
  }
  return 0;
}

}  // namespace uci
