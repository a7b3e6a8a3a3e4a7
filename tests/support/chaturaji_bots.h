// Helpers for the Chaturaji bot tests: positions from our notation and
// searches with a fresh hash table.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "engine/chaturaji_engine.h"

namespace bots_test {

inline chaturaji::Position fen(chaturaji::Variant v, const std::string& text) {
  auto pos = chaturaji::parse_fen(v, text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : chaturaji::Position::start(v);
}

// A search of `pos` to `depth` with algorithm `a`, by a fresh engine.
inline engine::ChaturajiEngine::Reply think(const chaturaji::Position& pos, engine::ChaturajiAlgorithm a,
                                            int depth) {
  engine::ChaturajiEngine e;
  e.set_algorithm(a);
  e.set_position(chaturaji::Game(pos));
  engine::Request r;
  r.limits.depth = depth;
  return e.think(r);
}

inline std::string text(const chaturaji::Position& pos, chaturaji::Move m) {
  return chaturaji::to_text(pos, m);
}

inline bool legal(const chaturaji::Position& pos, chaturaji::Move m) {
  chaturaji::MoveList list;
  chaturaji::generate(pos, list);
  return list.contains(m);
}

}  // namespace bots_test
