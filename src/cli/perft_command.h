// `chaturanga perft [--variant V] [--fen F] DEPTH`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cli {

int run_perft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cli
