#include "search/chaturanga/see.h"

#include <gtest/gtest.h>

#include <utility>

#include "chaturanga/game.h"
#include "chaturanga/notation.h"

namespace {

using namespace chaturanga;
using search::chaturanga::see_ge;

struct Exchange {
  Game game;
  Move move;
};

Exchange exchange(const char* variant, const char* fen, const char* move) {
  const RuleSet* rules = find_uci_variant(variant, Options{});
  EXPECT_NE(rules, nullptr) << variant;
  auto game = Game::from_fen(rules ? *rules : seed_rules(), fen);
  EXPECT_TRUE(game.ok()) << fen;
  const auto m = parse_uci(game->position(), move);
  EXPECT_TRUE(m.ok()) << move;
  return {*game, *m};
}

TEST(StaticExchange, TheOrderRisesWithTheValues) {
  for (int i = 1; i < PIECE_TYPE_COUNT; ++i)
    EXPECT_LT(search::chaturanga::SEE_VALUE[search::chaturanga::SEE_ORDER[i - 1]],
              search::chaturanga::SEE_VALUE[search::chaturanga::SEE_ORDER[i]])
        << "place " << i;
}

TEST(StaticExchange, TheCheapestPieceRecapturesFirst) {
  // White's horse takes d5; Black's alfil (f7) and horse (f6) both guard it
  // and White's pawn (e4) backs the horse up. Black takes back with the
  // alfil, not the horse: horse for pawn and alfil, then the horse takes
  // the pawn, and White is 180 down (taking back with the horse first
  // would let the exchange come out even).
  const Exchange e = exchange("chaturanga", "4k3/5b2/5n2/3p4/4P3/2N5/8/4K3 w - - 0 1", "c3d5");
  EXPECT_TRUE(see_ge(e.game.position(), e.move, -180));
  EXPECT_FALSE(see_ge(e.game.position(), e.move, -179));
}

TEST(StaticExchange, MakruksKhonCountsAsAnAlfil) {
  // A pawn takes a khon that a pawn guards: the khon's exchange value (an
  // alfil's, see see.h) less the pawn, as on Shatranj's alfil.
  for (const auto& [variant, fen] : {std::pair{"makruk", "4k3/8/2p5/3s4/4P3/8/8/4K3 w - - 0 1"},
                                     std::pair{"shatranj", "4k3/8/2p5/3b4/4P3/8/8/4K3 w - - 0 1"}}) {
    const Exchange e = exchange(variant, fen, "e4d5");
    EXPECT_TRUE(see_ge(e.game.position(), e.move, 20)) << variant;
    EXPECT_FALSE(see_ge(e.game.position(), e.move, 21)) << variant;
  }
}

}  // namespace
