// Perft of other games than two-player Chaturanga, looked up by variant name,
// and the divide printout every game's perft shares.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace cli {

using VariantPerft = int (*)(const std::string& fen, int depth, std::ostream& out, std::ostream& err);

// Returns nullptr for an unknown variant.
VariantPerft find_variant_perft(const std::string& variant);

// Runs `divide()` (a game's perft_divide) and prints it the same way for every
// game: `move: nodes` a line, the total, and the time on `err`. Returns 0.
template <class Divide, class MoveName>
int print_divide(Divide&& divide, MoveName&& move_name, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : divide()) {
    out << move_name(move) << ": " << nodes << '\n';
    total += nodes;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "\nNodes searched: " << total << '\n';
  err << "time " << seconds << " s, " << std::uint64_t(double(total) / std::max(seconds, 1e-9))
      << " leaves/s\n";
  return 0;
}

}  // namespace cli
