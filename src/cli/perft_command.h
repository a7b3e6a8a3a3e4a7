// `chaturanga perft [--variant V] [--rules K=V,...] [--fen F] DEPTH`: the
// games of the family (Chaturanga with its rule options, shatranj, makruk,
// cambodian, sittuyin) and the four-handed ones.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cli {

int run_perft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cli
