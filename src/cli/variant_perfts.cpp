#include "cli/variant_perfts.h"

namespace cli {

VariantPerft find_variant_perft(const std::string& /*variant*/) { return nullptr; }

}  // namespace cli
