#include "cli/variant_judges.h"

#include "chaturaji/judge.h"
#include "chaturaji/rules.h"

namespace cli {

VariantJudge find_variant_judge(const std::string& variant) {
  if (chaturaji::variant_from_name(variant)) return &chaturaji::judge;
  return nullptr;
}

}  // namespace cli
