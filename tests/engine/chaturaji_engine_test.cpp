// The façade: every level and algorithm answers a legal move in every rule
// set, the same seed gives the same move, a stop flag ends the search.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

#include "engine/bot.h"
#include "support/chaturaji_bots.h"

namespace {

using bots_test::legal;
using chaturaji::Variant;
using namespace std::chrono_literals;

constexpr Variant VARIANTS[] = {Variant::Teams, Variant::Dice, Variant::Points};

TEST(ChaturajiBot, EveryLevelPlaysALegalMove) {
  for (const Variant v : VARIANTS) {
    chaturaji::Game game(v, 3);
    // A 30 ms bound cuts the deeper levels short, differently on a loaded
    // machine, and a weak move may end a teams game within these plies.
    for (int level = 1; level <= 8 && !game.over(); ++level) {
      const chaturaji::Move m = engine::bot_move(game, level, 30ms, nullptr, 7);
      ASSERT_TRUE(legal(game.position(), m)) << chaturaji::rules(v).name << " level " << level;
      game.play(m);
    }
  }
}

TEST(ChaturajiBot, EveryAlgorithmPlaysALegalMove) {
  for (const Variant v : VARIANTS) {
    const chaturaji::Game game(v, 3);
    for (const char* name : {"auto", "random", "greedy", "greedy-material", "greedy-capture", "team",
                             "expectimax", "star1", "brs", "brs+", "paranoid"}) {
      const auto a = *engine::chaturaji_algorithm_from_name(name);
      EXPECT_TRUE(legal(game.position(), bots_test::think(game.position(), a, 2).best)) << name;
    }
  }
}

TEST(ChaturajiBot, SameSeedSameMove) {
  for (const Variant v : VARIANTS) {
    const chaturaji::Game game(v, 3);
    for (const int level : {1, 2, 5}) {
      EXPECT_EQ(engine::bot_move(game, level, 10s, nullptr, 42),
                engine::bot_move(game, level, 10s, nullptr, 42));
    }
  }
}

TEST(ChaturajiBot, StopFlagEndsTheSearch) {
  const std::atomic<bool> stop{true};
  for (const Variant v : VARIANTS) {
    const chaturaji::Game game(v, 3);
    EXPECT_TRUE(legal(game.position(), engine::bot_move(game, 8, 60s, &stop)));
  }
}

TEST(ChaturajiBot, NoMoveOnceTheGameIsOver) {
  const auto pos = bots_test::fen(Variant::Teams, "rK7/8/8/8/8/8/8/yK7 r gb 0,0,0,0 0");
  EXPECT_FALSE(engine::bot_move(chaturaji::Game(pos), 8, 100ms));
}

TEST(ChaturajiBot, AlgorithmNames) {
  EXPECT_FALSE(engine::chaturaji_algorithm_from_name("minimax").has_value());
  EXPECT_EQ(engine::chaturaji_algorithm_name(*engine::chaturaji_algorithm_from_name("brs+")), "brs+");
}

}  // namespace
