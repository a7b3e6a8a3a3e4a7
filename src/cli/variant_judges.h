// Judges of other games than two-player Chaturanga, looked up by variant name
// (the four-handed games register theirs here).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace cli {

using VariantJudge = nlohmann::json (*)(const nlohmann::json& request);

// Returns nullptr for an unknown variant.
VariantJudge find_variant_judge(const std::string& variant);

}  // namespace cli
