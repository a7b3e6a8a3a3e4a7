#include <gtest/gtest.h>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "engine/chaturanga_engine.h"
#include "search/chaturanga/eval.h"
#include "search/chaturanga/eval_params.h"
#include "search/score.h"

namespace {

using namespace chaturanga;

const RuleSet& named(const char* name) {
  const RuleSet* r = find_uci_variant(name, Options{});
  EXPECT_NE(r, nullptr) << name;
  return r ? *r : seed_rules();
}

engine::ChaturangaEngine::Reply search_fen(const RuleSet& rules, const char* fen, int depth,
                                           const char* only = nullptr) {
  engine::ChaturangaEngine e;
  auto g = Game::from_fen(rules, fen);
  EXPECT_TRUE(g.ok()) << fen;
  e.set_position(*g);
  engine::Request r;
  r.limits.depth = depth;
  if (only) r.limits.searchmoves.push_back(search::pack(*parse_uci(g->position(), only)));
  return e.think(r);
}

// White to move: h7h8 mates; h7b7 leaves Black's bare king without a move.
constexpr const char* MATE_OR_STALEMATE = "k7/7R/1K6/8/8/8/8/8 w - - 0 1";

TEST(FamilySearch, CheckmateIsAWinWhereTheKingIsRoyal) {
  for (const char* game : {"chaturanga-chesscom", "makruk", "cambodian", "chaturanga-mate"}) {
    Options o;
    o.goal = Goal::Checkmate;
    o.bare_king = false;
    const RuleSet& rules = std::string(game) == "chaturanga-mate" ? chaturanga_rules(o) : named(game);
    const auto r = search_fen(rules, MATE_OR_STALEMATE, 4);
    EXPECT_EQ(to_uci(r.best, rules), "h7h8") << game;
    EXPECT_EQ(search::mate_moves(r.score), 1) << game;
  }
}

TEST(FamilySearch, StalemateIsScoredByTheRuleSet) {
  // chess.com's reading: the stalemated side loses.
  EXPECT_EQ(search::mate_moves(search_fen(named("chaturanga-chesscom"), MATE_OR_STALEMATE, 4, "h7b7").score),
            1);
  // Makruk: a draw.
  EXPECT_EQ(search_fen(named("makruk"), MATE_OR_STALEMATE, 4, "h7b7").score, search::DRAW);
  // Chaturanga to checkmate, with the seed's no-move rule: the stalemated side wins.
  Options o;
  o.goal = Goal::Checkmate;
  o.bare_king = false;
  const auto seed_value = search_fen(chaturanga_rules(o), MATE_OR_STALEMATE, 4, "h7b7");
  EXPECT_TRUE(search::is_decisive(seed_value.score));
  EXPECT_LT(seed_value.score, 0);
}

TEST(FamilySearch, ShatranjStalematesToWin) {
  // Kc7 leaves Black's king and blocked pawn without a move: Black loses.
  const auto r = search_fen(named("shatranj"), "k7/p7/P1K5/8/8/8/8/8 w - - 0 1", 4);
  EXPECT_EQ(to_uci(r.best), "c6c7");
  EXPECT_EQ(search::mate_moves(r.score), 1);
}

TEST(FamilySearch, AMakrukBareKingIsNoLossAndItsCountRunsOutToADraw) {
  const RuleSet& makruk = named("makruk");
  // No count yet: the chariot wins in the end, but no bare-king rule decides at once.
  const auto free = search_fen(makruk, "8/8/8/4k3/8/8/R2K4/8 w - - 0 40", 6);
  EXPECT_GT(free.score, 500);
  EXPECT_FALSE(search::is_decisive(free.score));
  // 31 of 32 plies counted: no mate in time, a draw.
  EXPECT_EQ(search_fen(makruk, "8/8/8/4k3/8/8/R2K4/8 w - 32 31 40", 6).score, search::DRAW);
}

TEST(FamilySearch, SittuyinSetUpIsPlayedWithLegalPlacements) {
  const RuleSet& sittuyin = named("sittuyin");
  Game g(start_position(sittuyin));
  for (int ply = 0; ply < 4; ++ply) {
    engine::ChaturangaEngine e;
    e.set_position(g);
    engine::Request r;
    r.limits.depth = 3;
    const auto reply = e.think(r);
    EXPECT_TRUE(reply.best.is_drop()) << to_uci(reply.best, sittuyin);
    ASSERT_TRUE(g.play(reply.best)) << to_uci(reply.best, sittuyin);
  }
}

TEST(FamilySearch, AnotherRuleSetClearsWhatTheEngineLearnt) {
  // The same placement under two rule sets: each search sees its own rules.
  engine::ChaturangaEngine e;
  engine::Request r;
  r.limits.depth = 4;
  r.limits.searchmoves.push_back(search::pack(Move(core::make_square(7, 6), core::make_square(1, 6))));
  e.set_position(*Game::from_fen(named("chaturanga-chesscom"), MATE_OR_STALEMATE));
  EXPECT_EQ(search::mate_moves(e.think(r).score), 1);
  e.set_position(*Game::from_fen(named("makruk"), MATE_OR_STALEMATE));
  EXPECT_EQ(e.think(r).score, search::DRAW);
}

// Each game is evaluated with its own weights: a change to Shatranj's set
// moves the score of a Shatranj position and leaves the same placement in
// Chaturanga alone; Cambodian reads Makruk's set.
TEST(FamilySearch, EachGameIsEvaluatedWithItsOwnWeights) {
  using search::chaturanga::eval_params;
  const char* fen = "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b - - 0 1";
  const auto shatranj = Game::from_fen(named("shatranj"), fen);
  const auto seed = Game::from_fen(seed_rules(), fen);
  ASSERT_TRUE(shatranj.ok() && seed.ok());
  const int shatranj_before = search::chaturanga::evaluate(shatranj->position());
  const int seed_before = search::chaturanga::evaluate(seed->position());
  // White's pawn on e4, the only pawn off its rank: its square's weight.
  auto& e4 = eval_params(Variant::Shatranj).pst[PAWN][28];
  const auto saved = e4;
  e4.mg += 50;
  e4.eg += 50;
  const int shatranj_after = search::chaturanga::evaluate(shatranj->position());
  const int seed_after = search::chaturanga::evaluate(seed->position());
  e4 = saved;
  EXPECT_EQ(shatranj_after, shatranj_before - 50);  // Black to move: White's gain is Black's loss
  EXPECT_EQ(seed_after, seed_before);
  EXPECT_EQ(&eval_params(Variant::Cambodian), &eval_params(Variant::Makruk));
}

}  // namespace
