// A whole UCI conversation in one call: the lines in, what the engine said out.
#pragma once

#include <sstream>
#include <string>

#include "uci/uci.h"

namespace testing_support {

inline std::string talk(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  uci::run(in, out);
  return out.str();
}

}  // namespace testing_support
