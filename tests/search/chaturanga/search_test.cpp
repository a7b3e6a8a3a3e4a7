#include "search/chaturanga/search.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "engine/chaturanga_engine.h"
#include "search/chaturanga/eval.h"
#include "search/score.h"

namespace {

using namespace chaturanga;

engine::ChaturangaEngine::Reply search_fen(const char* fen, int depth) {
  engine::ChaturangaEngine e;
  auto g = Game::from_fen(fen);
  EXPECT_TRUE(g.ok()) << fen;
  e.set_position(*g);
  engine::Request r;
  r.limits.depth = depth;
  return e.think(r);
}

TEST(Search, TakesAHangingKing) {
  const auto r = search_fen("3k4/p7/8/8/8/8/8/3RK3 w - - 0 1", 4);
  EXPECT_EQ(to_uci(r.best), "d1d8");
  EXPECT_TRUE(search::is_decisive(r.score));
  EXPECT_EQ(search::mate_moves(r.score), 1);
}

TEST(Search, SavesItsOwnKing) {
  // The chariot on a1 attacks the king on e1: every move that leaves it there loses.
  const char* fen = "4k3/8/8/8/8/8/8/r3K2R w - - 0 1";
  const auto r = search_fen(fen, 5);
  const Position after = parse_fen(fen)->after(r.best);
  EXPECT_FALSE(after.king_attacked(WHITE)) << to_uci(r.best);
}

TEST(Search, BaringTheKingWithTwoPiecesLeftWins) {
  const auto r = search_fen("7k/8/8/8/R2n4/8/8/R6K w - - 0 1", 3);
  EXPECT_EQ(to_uci(r.best), "a4d4");
  EXPECT_GT(r.score, search::WIN_BOUND);
}

TEST(Search, BareKingTakesTheLastPieceForADraw) {
  // Black is bare; White's last piece stands next to Black's king.
  const auto r = search_fen("8/8/8/3kR3/8/8/8/7K b - - 0 1", 3);
  EXPECT_EQ(to_uci(r.best), "d5e5");
  EXPECT_EQ(r.score, search::DRAW);
}

TEST(Search, SeesAForcedKingCaptureInTwo) {
  // Two chariots against a lone king in the corner: the king cannot escape both files.
  const auto r = search_fen("k7/7p/8/8/8/8/1R6/1R5K w - - 0 1", 6);
  EXPECT_TRUE(search::is_decisive(r.score));
  EXPECT_GT(r.score, 0);
}

TEST(Search, MateMovesCountsMovesToTheKingsCapture) {
  EXPECT_EQ(search::mate_moves(search::win_in(1)), 1);
  EXPECT_EQ(search::mate_moves(search::win_in(3)), 2);
  EXPECT_EQ(search::mate_moves(search::loss_in(2)), -1);
  EXPECT_EQ(search::mate_moves(search::loss_in(4)), -2);
}

TEST(Search, EvaluationIsColourSymmetric) {
  // Mirroring the board and swapping colours must not change the evaluation.
  const auto pos = parse_fen("r1bkqb1r/pp1ppppp/2n2n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 0 4");
  const auto mirror = parse_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2P5/2N2N2/PP1PPPPP/R1BKQB1R b - - 0 4");
  ASSERT_TRUE(pos.ok());
  ASSERT_TRUE(mirror.ok());
  EXPECT_EQ(search::chaturanga::evaluate(*pos), search::chaturanga::evaluate(*mirror));
}

TEST(Search, StopCutsAnInfiniteSearchShort) {
  engine::ChaturangaEngine e;
  engine::Request request;
  request.limits.infinite = true;
  std::atomic<bool> finished{false};
  Move best;
  e.go(request, {}, [&](const engine::ChaturangaEngine::Reply& r) {
    best = r.best;
    finished = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(finished);
  e.stop();
  e.wait();
  EXPECT_TRUE(finished);
  EXPECT_TRUE(bool(best));
}

TEST(Search, SameLimitsSameNodes) {
  const auto a = search_fen("r1bkqb1r/pp1ppppp/2n2n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 0 4", 7);
  const auto b = search_fen("r1bkqb1r/pp1ppppp/2n2n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 0 4", 7);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.best, b.best);
}

}  // namespace

TEST(Search, TheTableKeepsStaticEvaluationsNotScores) {
  // After a search, each position it stored holds its own static
  // evaluation (a threatened king's none), never a score a search gave it:
  // those would pass for evaluations in the next search.
  search::TranspositionTable tt(1);
  search::chaturanga::Searcher searcher(tt);
  const auto pos = parse_fen("r1bk2nr/1p1q1p1p/p1np4/4p1p1/2P1P3/1PN2N2/P2PQPPP/R1BK1B1R w - - 0 1");
  ASSERT_TRUE(pos.ok());
  search::chaturanga::RootPosition root{*pos, {}};
  search::Limits limits;
  limits.depth = 7;
  search::chaturanga::Control control;
  searcher.run(root, limits, control, [](const search::chaturanga::Report&) {});
  int checked = 0;
  MoveList moves;
  generate<GenKind::All>(*pos, moves);
  std::vector<Position> stored = {*pos};
  for (const Move m : moves) stored.push_back(pos->after(m));
  for (const Position& p : stored) {
    const search::TTHit hit = tt.probe(p.key());
    if (!hit.found) continue;
    ++checked;
    if (p.king_attacked(p.side_to_move()))
      EXPECT_EQ(hit.eval, search::NO_EVAL) << to_fen(p);
    else
      EXPECT_EQ(hit.eval, search::chaturanga::evaluate(p)) << to_fen(p);
  }
  EXPECT_GT(checked, 10);
}
