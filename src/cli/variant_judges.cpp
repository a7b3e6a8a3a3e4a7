#include "cli/variant_judges.h"

namespace cli {

VariantJudge find_variant_judge(const std::string& /*variant*/) { return nullptr; }

}  // namespace cli
