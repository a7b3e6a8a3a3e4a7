// Chaturanga's rule options as JSON requests give them ("rules" beside
// "variant" in `judge` and the web API): an object of option names and values
// ({"elephant": "silver", "kings": "facing"}) or a string as parse_options
// reads it ("chesscom", "elephant=silver,kings=facing"). One reader for both,
// over the rules' own parser; header-only so that the rules library needs no
// JSON. Only the programs that already speak JSON include it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "chaturanga/rule_set.h"

namespace chaturanga {

// The options of `rules` on top of `options` (the preset's when the variant
// named beside them is chaturanga-chesscom); the error names the bad key or value.
inline core::Expected<Options> options_from_json(const nlohmann::json& rules, Options options) {
  if (rules.is_string()) {
    const std::string text = rules.get<std::string>();
    return parse_options((options == CHESSCOM ? "chesscom," : "") + text);
  }
  if (!rules.is_object()) return core::error("\"rules\" must be an object of options or a preset name");
  for (const auto& [key, value] : rules.items()) {
    if (!value.is_string()) return core::error("rules." + key + " must be a string");
    auto next = set_option(options, key, value.get<std::string>());
    if (!next) return next;
    options = *next;
  }
  return options;
}

}  // namespace chaturanga
