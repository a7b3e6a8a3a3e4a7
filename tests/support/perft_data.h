// The one perft data format, that of tests/perft/data: a line is
// `FEN ;D1 n ;D2 n ...`, a line starting with '#' a comment saying where the
// counts come from. Both games' perft suites run their files through here.
#pragma once

#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>

namespace perft_data {

inline std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  const auto end = s.find_last_not_of(" \t\r");
  return begin == std::string::npos ? "" : s.substr(begin, end - begin + 1);
}

// Checks every count of `in`: `parse(fen)` gives a position (a core::Expected),
// `perft(pos, depth)` its count. Prints each mismatch and a summary; returns
// the exit status (0 when every count matched and there was at least one).
template <class Parse, class Perft>
int run(std::istream& in, Parse&& parse, Perft&& perft) {
  int passed = 0;
  int failed = 0;
  for (std::string line; std::getline(in, line);) {
    if (trim(line).empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string fen;
    std::getline(fields, fen, ';');
    fen = trim(fen);
    const auto pos = parse(fen);
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
      const std::uint64_t got = perft(*pos, depth);
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

}  // namespace perft_data
