// `chaturanga match`: two UCI engines play each other under this project's
// rules (our referee, not the engines, decides every game), from opening
// positions played once with each colour, several games at a time.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cli {

int run_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cli
