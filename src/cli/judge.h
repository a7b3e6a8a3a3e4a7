// `chaturanga judge`: the JSON-lines referee of docs/api.md, for every game
// of the Chaturanga family (with "rules" for Chaturanga's options) and, through
// cli/variant_judges.h, the four-handed ones.
#pragma once

#include <iosfwd>
#include <string>

namespace cli {

// Answers one input line with one output line (without the newline).
std::string judge_line(const std::string& line);
int run_judge(std::istream& in, std::ostream& out);

}  // namespace cli
