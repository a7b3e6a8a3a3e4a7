// `chaturanga judge`: the JSON-lines referee of docs/api.md.
#pragma once

#include <iosfwd>
#include <string>

namespace cli {

// Answers one input line with one output line (without the newline).
std::string judge_line(const std::string& line);
int run_judge(std::istream& in, std::ostream& out);

}  // namespace cli
