// Checks perft numbers stored as data. Usage:
//   chaturaji_perft_suite FILE            lines: variant, position (or startpos), depth, nodes
//   chaturaji_perft_suite --divide FILE D lines: first move, depth, nodes (points start, depths <= D)
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/perft.h"

using namespace chaturaji;

namespace {

int run_suite(std::ifstream& in) {
  int passed = 0;
  int failed = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string variant_name, fen, depth_text, nodes_text;
    if (!std::getline(fields, variant_name, '\t') || !std::getline(fields, fen, '\t') ||
        !std::getline(fields, depth_text, '\t') || !std::getline(fields, nodes_text, '\t'))
      continue;
    const auto variant = variant_from_name(variant_name);
    if (!variant) continue;  // the header line
    const auto pos =
        fen == "startpos" ? core::Expected<Position>(Position::start(*variant)) : parse_fen(*variant, fen);
    if (!pos) {
      std::cerr << "bad position in data: " << pos.error() << '\n';
      ++failed;
      continue;
    }
    const std::uint64_t expected = std::stoull(nodes_text);
    const std::uint64_t got = perft(*pos, std::stoi(depth_text));
    if (got == expected) {
      ++passed;
    } else {
      ++failed;
      std::cerr << "MISMATCH " << variant_name << " " << fen << " depth " << depth_text << ": expected "
                << expected << ", got " << got << '\n';
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 && passed > 0 ? 0 : 1;
}

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
  const bool divide = argc == 4 && std::string(argv[1]) == "--divide";
  if (!divide && argc != 2) {
    std::cerr << "usage: chaturaji_perft_suite FILE | --divide FILE MAX_DEPTH\n";
    return 2;
  }
  std::ifstream in(argv[divide ? 2 : 1]);
  if (!in) {
    std::cerr << "cannot open " << argv[divide ? 2 : 1] << '\n';
    return 2;
  }
  return divide ? run_divide(in, std::atoi(argv[3])) : run_suite(in);
}
