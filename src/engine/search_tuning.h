// The search's tunable constants (search/chaturanga/search_params.h) as a
// front end offers them: `chaturanga uci --tune` lists each as a spin option
// and sets it by name, for scripts/spsa.py.
#pragma once

#include <string>
#include <vector>

namespace engine {

struct SearchConstant {
  std::string name;
  int default_value;
  int min;
  int max;
};

std::vector<SearchConstant> search_constants();
// False, changing nothing, for an unknown name or a value outside its range.
// No search may be running: the search threads read the constants.
bool set_search_constant(const std::string& name, int value);
void reset_search_constants();

}  // namespace engine
