#include "cli/perft_command.h"

#include <chrono>
#include <iostream>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"
#include "chaturanga/perft.h"
#include "cli/variant_perfts.h"

namespace cli {

int run_perft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string variant = "chaturanga";
  std::string fen;
  int depth = -1;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "--variant" || args[i] == "--fen") && i + 1 < args.size()) {
      (args[i] == "--variant" ? variant : fen) = args[i + 1];
      ++i;
    } else if (depth < 0 && !args[i].empty() &&
               args[i].find_first_not_of("0123456789") == std::string::npos && args[i].size() < 4) {
      depth = std::stoi(args[i]);
    } else {
      err << "perft: unexpected argument '" << args[i] << "'\n"
          << "usage: chaturanga perft [--variant V] [--fen F] DEPTH\n";
      return 2;
    }
  }
  if (depth < 1) {
    err << "perft: give a depth of at least 1\nusage: chaturanga perft [--variant V] [--fen F] DEPTH\n";
    return 2;
  }
  if (variant != "chaturanga") {
    if (const VariantPerft other = find_variant_perft(variant)) return other(fen, depth, out, err);
    err << "perft: unknown variant '" << variant << "'\n";
    return 2;
  }
  const auto pos = chaturanga::parse_fen(fen.empty() ? chaturanga::START_FEN : fen);
  if (!pos) {
    err << "perft: bad FEN: " << pos.error() << '\n';
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : chaturanga::perft_divide(*pos, depth)) {
    out << chaturanga::to_uci(move) << ": " << nodes << '\n';
    total += nodes;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "\nNodes searched: " << total << '\n';
  err << "time " << seconds << " s, " << std::uint64_t(double(total) / std::max(seconds, 1e-9))
      << " leaves/s\n";
  return 0;
}

}  // namespace cli
