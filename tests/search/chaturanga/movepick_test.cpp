#include "search/chaturanga/movepick.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"
#include "search/chaturanga/see.h"

namespace {

using namespace chaturanga;
using search::chaturanga::History;
using search::chaturanga::MovePicker;

// White's horse (c3) can take an unguarded horse (e4): a winning capture.
// White's chariot (a1) can take a pawn (a6) that a pawn (b7) guards: a losing one.
constexpr const char* CAPTURES_FEN = "3k4/1p6/p7/8/4n3/2N5/8/R3K3 w - - 0 1";

enum class Kind { HashMove, GoodCapture, Quiet, BadCapture };

Kind kind_of(const Position& pos, Move m, Move tt_move) {
  if (m == tt_move) return Kind::HashMove;
  if (!pos.is_capture(m)) return Kind::Quiet;
  const auto value = [](Piece p) { return search::chaturanga::SEE_VALUE[type_of(p)]; };
  const bool winning =
      value(pos.piece_on(m.to())) >= value(pos.piece_on(m.from())) || search::chaturanga::see_ge(pos, m, 0);
  return winning ? Kind::GoodCapture : Kind::BadCapture;
}

struct Picked {
  std::vector<Move> moves;
  std::vector<bool> bad;  // last_was_bad_capture after each
};

Picked pick_all(MovePicker& picker) {
  Picked p;
  while (const Move m = picker.next()) {
    p.moves.push_back(m);
    p.bad.push_back(picker.last_was_bad_capture());
  }
  return p;
}

Position position(const char* fen) {
  auto pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return *pos;
}

Move move(const Position& pos, const char* uci) {
  const auto m = parse_uci(pos, uci);
  EXPECT_TRUE(m.ok()) << uci;
  return *m;
}

std::unique_ptr<History> empty_history() {
  auto h = std::make_unique<History>();
  h->clear();
  return h;
}

TEST(MovePicker, HandsOutEveryMoveOnceInStageOrder) {
  const Position pos = position(CAPTURES_FEN);
  const auto history = empty_history();
  const Move tt_move = move(pos, "e1e2");
  MovePicker picker(pos, tt_move, *history, 0, Move::none(), false);
  const Picked picked = pick_all(picker);

  MoveList all;
  generate<GenKind::All>(pos, all);
  EXPECT_EQ(picker.size(), all.size());
  ASSERT_EQ(picked.moves.size(), all.size());
  std::vector<Move> sorted = picked.moves;
  std::vector<Move> expected(all.begin(), all.end());
  const auto by_bits = [](Move a, Move b) { return a.raw() < b.raw(); };
  std::sort(sorted.begin(), sorted.end(), by_bits);
  std::sort(expected.begin(), expected.end(), by_bits);
  EXPECT_EQ(sorted, expected);

  // Each kind of move is present, and the kinds come out in order.
  std::vector<Kind> kinds;
  for (const Move m : picked.moves) kinds.push_back(kind_of(pos, m, tt_move));
  for (const Kind k : {Kind::HashMove, Kind::GoodCapture, Kind::Quiet, Kind::BadCapture})
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), k), kinds.end());
  EXPECT_TRUE(std::is_sorted(kinds.begin(), kinds.end()));
  for (std::size_t i = 0; i < kinds.size(); ++i) EXPECT_EQ(picked.bad[i], kinds[i] == Kind::BadCapture) << i;
  EXPECT_EQ(picked.moves.front(), tt_move);
  EXPECT_EQ(picked.moves[1], move(pos, "c3e4"));
  EXPECT_EQ(picked.moves.back(), move(pos, "a1a6"));
}

TEST(MovePicker, KillersThenTheBetterHistoryAmongQuietMoves) {
  const Position pos = position(CAPTURES_FEN);
  auto history = empty_history();
  const int ply = 3;
  const Move killer = move(pos, "a1a2");
  const Move liked = move(pos, "e1f1");
  history->killers[ply][0] = killer;
  history->update(WHITE, liked, 4000);
  MovePicker picker(pos, Move::none(), *history, ply, Move::none(), false);
  const Picked picked = pick_all(picker);
  const auto at = [&](Move m) {
    return std::find(picked.moves.begin(), picked.moves.end(), m) - picked.moves.begin();
  };
  // After the one winning capture: the killer, then the move history likes.
  EXPECT_EQ(at(killer), 1);
  EXPECT_EQ(at(liked), 2);
}

TEST(MovePicker, SkippedQuietMovesLeaveAllButTheSpecialOnes) {
  const Position pos = position(CAPTURES_FEN);
  auto history = empty_history();
  const int ply = 2;
  const Move killer = move(pos, "c3b5");
  history->killers[ply][1] = killer;
  for (const bool skip_early : {true, false}) {
    MovePicker picker(pos, Move::none(), *history, ply, Move::none(), false);
    std::vector<Move> rest;
    if (skip_early) picker.skip_quiets();   // before the quiet moves are scored
    rest.push_back(picker.next());          // the winning capture
    rest.push_back(picker.next());          // the killer
    if (!skip_early) picker.skip_quiets();  // among the quiet moves
    while (const Move m = picker.next()) rest.push_back(m);
    const std::vector<Move> expected = {move(pos, "c3e4"), killer, move(pos, "a1a6")};
    EXPECT_EQ(rest, expected) << (skip_early ? "skipped early" : "skipped late");
  }
}

TEST(MovePicker, TheQuiescenceViewHasCapturesOnly) {
  const Position pos = position(CAPTURES_FEN);
  const auto history = empty_history();
  // A quiet hash move is not a capture: the quiescence search never plays it.
  MovePicker picker(pos, move(pos, "e1e2"), *history, 0, Move::none(), true);
  const Picked picked = pick_all(picker);
  const std::vector<Move> expected = {move(pos, "c3e4"), move(pos, "a1a6")};
  EXPECT_EQ(picked.moves, expected);
  EXPECT_EQ(picked.bad, (std::vector<bool>{false, true}));
}

}  // namespace
