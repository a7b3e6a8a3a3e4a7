#include "cli/variant_perfts.h"

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
  return print_divide([&] { return chaturaji::perft_divide(*pos, depth); },
                      [&](chaturaji::Move move) { return chaturaji::to_text(*pos, move); }, out, err);
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
