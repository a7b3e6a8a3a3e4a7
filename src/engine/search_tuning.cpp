#include "engine/search_tuning.h"

#include "search/chaturanga/search_params.h"

namespace engine {

namespace sc = search::chaturanga;

std::vector<SearchConstant> search_constants() {
  std::vector<SearchConstant> constants;
  for (const sc::Tunable& t : sc::tunables())
    constants.push_back({std::string(t.name), sc::SearchParams{}.*(t.field), t.min, t.max});
  return constants;
}

bool set_search_constant(const std::string& name, int value) { return sc::set_search_param(name, value); }

void reset_search_constants() { sc::reset_search_params(); }

}  // namespace engine
