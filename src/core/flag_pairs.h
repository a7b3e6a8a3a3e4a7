// Command lines made of `--flag value` pairs, read in order: how the tuning
// commands take their options.
#pragma once

#include <exception>
#include <string>
#include <vector>

namespace core {

// Calls `read(flag, value)` for each pair; `read` returns false with `error`
// set for a flag it does not know. A flag without a value, and a value that
// std::stoi or std::stod inside `read` cannot convert, end the reading with
// an error naming them.
template <class Read>
bool read_flag_pairs(const std::vector<std::string>& args, std::string& error, Read&& read) {
  for (std::size_t i = 0; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) {
      error = args[i] + " needs a value";
      return false;
    }
    try {
      if (!read(args[i], args[i + 1])) return false;
    } catch (const std::exception&) {
      error = args[i] + ": '" + args[i + 1] + "' is not a number";
      return false;
    }
  }
  return true;
}

}  // namespace core
