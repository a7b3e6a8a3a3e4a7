#include "cli/variant_perfts.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ostream>

#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/perft.h"

namespace cli {

namespace {

template <chaturaji::Variant V>
int chaturaji_perft(const std::string& fen, int depth, std::ostream& out, std::ostream& err) {
  const auto pos = fen.empty() ? core::Expected<chaturaji::Position>(chaturaji::Position::start(V))
                               : chaturaji::parse_fen(V, fen);
  if (!pos) {
    err << "perft: bad position: " << pos.error() << '\n';
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : chaturaji::perft_divide(*pos, depth)) {
    out << chaturaji::to_text(*pos, move) << ": " << nodes << '\n';
    total += nodes;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "\nNodes searched: " << total << '\n';
  err << "time " << seconds << " s, " << std::uint64_t(double(total) / std::max(seconds, 1e-9))
      << " leaves/s\n";
  return 0;
}

}  // namespace

VariantPerft find_variant_perft(const std::string& variant) {
  using chaturaji::Variant;
  if (variant == "chaturaji-teams") return &chaturaji_perft<Variant::Teams>;
  if (variant == "chaturaji-dice") return &chaturaji_perft<Variant::Dice>;
  if (variant == "chaturaji-points") return &chaturaji_perft<Variant::Points>;
  return nullptr;
}

}  // namespace cli
