// Runs every count of a perft data file and reports each mismatch.
// Usage: perft_suite [--variant NAME] [--rules K=V,...] FILE
// The format is tests/support/perft_data.h's.
#include <fstream>
#include <iostream>
#include <string>

#include "chaturanga/fen.h"
#include "chaturanga/perft.h"
#include "support/perft_data.h"

namespace {

const chaturanga::RuleSet* rules_from_args(const std::string& variant, const std::string& rules) {
  const chaturanga::RuleSet* r = chaturanga::find_rules(variant);
  if (!r || rules.empty()) return r;
  const auto options = chaturanga::parse_options(rules);
  if (!options) {
    std::cerr << options.error() << '\n';
    return nullptr;
  }
  return &chaturanga::chaturanga_rules(*options);
}

}  // namespace

int main(int argc, char** argv) {
  std::string variant = "chaturanga";
  std::string rules_text;
  std::string file;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--variant" || arg == "--rules") && i + 1 < argc)
      (arg == "--variant" ? variant : rules_text) = argv[++i];
    else
      file = arg;
  }
  const chaturanga::RuleSet* rules = rules_from_args(variant, rules_text);
  if (file.empty() || !rules) {
    std::cerr << "usage: perft_suite [--variant NAME] [--rules K=V,...] FILE\n";
    return 2;
  }
  std::ifstream in(file);
  if (!in) {
    std::cerr << "cannot open " << file << '\n';
    return 2;
  }
  return perft_data::run(
      in, [&](const std::string& fen) { return chaturanga::parse_fen(*rules, fen); },
      [](const chaturanga::Position& pos, int depth) { return chaturanga::perft(pos, depth); });
}
