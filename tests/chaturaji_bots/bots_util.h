// Helpers for the four-handed bot tests: positions from our notation and
// searches with a fresh hash table.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "engine/chaturaji_bot.h"

namespace bots_test {

inline chaturaji::Position fen(chaturaji::Variant v, const std::string& text) {
  auto pos = chaturaji::parse_fen(v, text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error());
  return pos.ok() ? *pos : chaturaji::Position::start(v);
}

inline engine::ChaturajiReply think(const chaturaji::Position& pos, engine::ChaturajiAlgorithm a, int depth) {
  engine::ChaturajiRequest r;
  r.algorithm = a;
  r.limits.depth = depth;
  return engine::chaturaji_think(chaturaji::Game(pos), r);
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
