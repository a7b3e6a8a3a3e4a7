// Perft of other games than two-player Chaturanga, looked up by variant name.
#pragma once

#include <iosfwd>
#include <string>

namespace cli {

using VariantPerft = int (*)(const std::string& fen, int depth, std::ostream& out, std::ostream& err);

// Returns nullptr for an unknown variant.
VariantPerft find_variant_perft(const std::string& variant);

}  // namespace cli
