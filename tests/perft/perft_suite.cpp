// Runs every line of a perft data file (fen, depth, nodes) and reports each
// mismatch. Usage: perft_suite FILE
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "chaturanga/fen.h"
#include "chaturanga/perft.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: perft_suite FILE\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::cerr << "cannot open " << argv[1] << '\n';
    return 2;
  }
  std::string line;
  int passed = 0;
  int failed = 0;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string fen;
    std::string depth_text;
    std::string nodes_text;
    if (!std::getline(fields, fen, '\t') || !std::getline(fields, depth_text, '\t') ||
        !std::getline(fields, nodes_text, '\t'))
      continue;
    const auto pos = chaturanga::parse_fen(fen);
    if (!pos) {
      std::cerr << "bad FEN in data: " << pos.error() << '\n';
      ++failed;
      continue;
    }
    const std::uint64_t expected = std::stoull(nodes_text);
    const std::uint64_t got = chaturanga::perft(*pos, std::stoi(depth_text));
    if (got == expected) {
      ++passed;
    } else {
      ++failed;
      std::cerr << "MISMATCH " << fen << " depth " << depth_text << ": expected " << expected << ", got "
                << got << '\n';
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 && passed > 0 ? 0 : 1;
}
