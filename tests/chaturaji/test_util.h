// Helpers for the rule tests: positions from our notation, moves as text.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"

namespace chaturaji::test {

inline Position fen(Variant v, const std::string& text) {
  auto pos = parse_fen(v, text);
  EXPECT_TRUE(pos.ok()) << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : Position::start(v);
}

inline std::vector<std::string> legal(const Position& pos) {
  MoveList list;
  generate(pos, list);
  std::vector<std::string> out;
  for (const Move m : list) out.push_back(to_text(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool has(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// The legal moves starting on `from`.
inline std::vector<std::string> moves_from(const Position& pos, const std::string& from) {
  std::vector<std::string> out;
  for (const std::string& m : legal(pos))
    if (m.rfind(from, 0) == 0) out.push_back(m);
  return out;
}

inline Position play(Position pos, const std::string& text) {
  const auto m = parse_move(pos, text);
  EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error());
  if (m.ok()) pos.play(*m);
  return pos;
}

}  // namespace chaturaji::test
