// `chaturanga tune`: Texel tuning of the evaluation on played games (PGN,
// e.g. from `chaturanga match` self-play); writes the weights as a C++
// include file that src/search/eval_params.cpp builds in.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace tune {

extern const char* const TUNE_USAGE;

int run_tune_chaturanga(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tune
