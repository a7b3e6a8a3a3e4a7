// Checks Chaturaji's perft numbers stored as data. Usage:
//   chaturaji_perft_suite --variant NAME FILE  the format of tests/support/perft_data.h
//   chaturaji_perft_suite --divide FILE D      lines: first move, depth, nodes (points start, depths <= D)
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/perft.h"
#include "support/perft_data.h"

using namespace chaturaji;

namespace {

int run_divide(std::ifstream& in, int max_depth) {
  const Position start = Position::start(Variant::Points);
  std::map<int, std::map<std::string, std::uint64_t>> ours;
  int passed = 0;
  int failed = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string move, depth_text, nodes_text;
    if (!(fields >> move >> depth_text >> nodes_text) || move == "first_move") continue;
    const int depth = std::stoi(depth_text);
    if (depth > max_depth) continue;
    if (!ours.count(depth))
      for (const auto& [m, n] : perft_divide(start, depth)) ours[depth][to_text(start, m)] = n;
    const std::uint64_t expected = std::stoull(nodes_text);
    const auto it = ours[depth].find(move);
    if (it != ours[depth].end() && it->second == expected) {
      ++passed;
    } else {
      ++failed;
      std::cerr << "MISMATCH " << move << " depth " << depth << ": expected " << expected << ", got "
                << (it == ours[depth].end() ? std::string("no such move") : std::to_string(it->second))
                << '\n';
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 && passed > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc == 4 ? argv[1] : "";
  if (mode != "--divide" && mode != "--variant") {
    std::cerr << "usage: chaturaji_perft_suite --variant NAME FILE | --divide FILE MAX_DEPTH\n";
    return 2;
  }
  const char* file = argv[mode == "--divide" ? 2 : 3];
  std::ifstream in(file);
  if (!in) {
    std::cerr << "cannot open " << file << '\n';
    return 2;
  }
  if (mode == "--divide") return run_divide(in, std::atoi(argv[3]));
  const auto variant = variant_from_name(argv[2]);
  if (!variant) {
    std::cerr << "unknown variant '" << argv[2] << "'\n";
    return 2;
  }
  return perft_data::run(
      in, [&](const std::string& fen) { return parse_fen(*variant, fen); },
      [](const Position& pos, int depth) { return perft(pos, depth); });
}
