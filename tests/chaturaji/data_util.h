// Reading the reference data files of tests/chaturaji/data.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace chaturaji::test {

inline std::string data_path(const std::string& name) { return std::string(CHATURAJI_DATA) + "/" + name; }

inline std::string read_file(const std::string& name) {
  std::ifstream in(data_path(name));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out(1);
  for (const char c : text) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

// The data lines of a TSV file: comments and the header dropped, fields split.
inline std::vector<std::vector<std::string>> read_tsv(const std::string& name) {
  std::ifstream in(data_path(name));
  std::vector<std::vector<std::string>> rows;
  bool header = true;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    rows.push_back(split(line, '\t'));
  }
  return rows;
}

}  // namespace chaturaji::test
