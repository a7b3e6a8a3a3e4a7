// Runs every count of a perft data file and reports each mismatch.
// Usage: perft_suite [--variant NAME] [--rules K=V,...] FILE
// A line is `FEN ;D1 n ;D2 n ...` (the format of tests/perft/data); lines
// starting with '#' are comments (where the counts come from).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "chaturanga/fen.h"
#include "chaturanga/perft.h"

namespace {

std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  const auto end = s.find_last_not_of(" \t\r");
  return begin == std::string::npos ? "" : s.substr(begin, end - begin + 1);
}

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
  std::string line;
  int passed = 0;
  int failed = 0;
  while (std::getline(in, line)) {
    if (trim(line).empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string fen;
    std::getline(fields, fen, ';');
    fen = trim(fen);
    const auto pos = chaturanga::parse_fen(*rules, fen);
    if (!pos) {
      std::cerr << "bad FEN in data: " << fen << ": " << pos.error() << '\n';
      ++failed;
      continue;
    }
    for (std::string item; std::getline(fields, item, ';');) {
      std::istringstream count(trim(item));
      char d = 0;
      int depth = 0;
      std::uint64_t expected = 0;
      if (!(count >> d >> depth >> expected) || d != 'D') {
        std::cerr << "bad count '" << item << "' in line: " << line << '\n';
        ++failed;
        continue;
      }
      const std::uint64_t got = chaturanga::perft(*pos, depth);
      if (got == expected) {
        ++passed;
      } else {
        ++failed;
        std::cerr << "MISMATCH " << fen << " depth " << depth << ": expected " << expected << ", got " << got
                  << '\n';
      }
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed == 0 && passed > 0 ? 0 : 1;
}
