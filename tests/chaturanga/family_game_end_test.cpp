// How the games of the family end, position by position. Every verdict on a
// descendant game and on the chesscom preset was checked against current
// Fairy-Stockfish (its xboard mode claims each game end it knows; see
// scripts/fsf_oracle.py game-ends); the option tests follow spec/family.md.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"

using namespace chaturanga;

namespace {

const RuleSet& rules_named(const std::string& name) {
  const RuleSet* r = find_rules(name);
  EXPECT_NE(r, nullptr) << name;
  return r ? *r : seed_rules();
}

Game play(const RuleSet& rules, const std::string& fen, const std::vector<std::string>& moves = {}) {
  auto g = Game::from_fen(rules, fen);
  EXPECT_TRUE(g.ok()) << g.error();
  Game game = g.ok() ? *g : Game();
  for (const auto& m : moves) {
    const auto played = game.play_uci(m);
    EXPECT_TRUE(played.ok()) << m << ": " << played.error();
  }
  return game;
}

Outcome outcome(const std::string& variant, const std::string& fen,
                const std::vector<std::string>& moves = {}) {
  return play(rules_named(variant), fen, moves).outcome();
}

Outcome with_options(const std::string& options, const std::string& fen,
                     const std::vector<std::string>& moves = {}) {
  const auto o = parse_options(options);
  EXPECT_TRUE(o.ok()) << o.error();
  return play(chaturanga_rules(o.ok() ? *o : Options{}), fen, moves).outcome();
}

constexpr Outcome ONGOING{};
constexpr Outcome white_by(Reason r) { return {Result::WhiteWins, r}; }
constexpr Outcome black_by(Reason r) { return {Result::BlackWins, r}; }
constexpr Outcome draw_by(Reason r) { return {Result::Draw, r}; }

// Black is stalemated: a8, with a7 and b7 taken by the king on a6, b8 by the chariot.
constexpr const char* STALEMATE = "k7/8/K7/8/8/8/8/1R6 b - - 0 1";

}  // namespace

TEST(ShatranjEnd, BaringWithTwoPiecesLeftWinsAtOnce) {
  EXPECT_EQ(outcome("shatranj", "8/3p4/4k3/8/8/2K5/8/3R3R w - - 0 1", {"d1d7"}), white_by(Reason::BareKing));
}

TEST(ShatranjEnd, BaringWithOnePieceLeavesOneReply) {
  const std::string fen = "8/3p4/4k3/8/8/2K5/8/3R4 w - - 0 1";
  EXPECT_EQ(outcome("shatranj", fen, {"d1d7"}), ONGOING);
  EXPECT_EQ(outcome("shatranj", fen, {"d1d7", "e6f5"}), white_by(Reason::BareKing));
}

TEST(ShatranjEnd, TakingTheLastPieceLeavesTwoKingsToPlayOn) {
  EXPECT_EQ(outcome("shatranj", "8/3p4/4k3/8/8/2K5/8/3R4 w - - 0 1", {"d1d7", "e6d7"}), ONGOING);
}

TEST(ShatranjEnd, ABareKingLosesWhenItHasMovedAndTheOtherSideHasAPiece) {
  EXPECT_EQ(outcome("shatranj", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), white_by(Reason::BareKing));
  EXPECT_EQ(outcome("shatranj", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"), ONGOING);
}

TEST(ShatranjEnd, BareKingStopsMoveGeneration) {
  const Game game = play(rules_named("shatranj"), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  MoveList moves;
  generate<GenKind::All>(game.position(), moves);
  EXPECT_TRUE(moves.empty());
}

TEST(ShatranjEnd, CheckmateAndStalemateBothLose) {
  EXPECT_EQ(outcome("shatranj", "k7/2K5/8/8/8/8/8/R7 b - - 0 1"), white_by(Reason::Checkmate));
  EXPECT_EQ(outcome("shatranj", STALEMATE), white_by(Reason::NoMove));
}

TEST(ShatranjEnd, SeventyMovesDrawUnlessTheLastMoveMates) {
  const std::string fen = "k7/p1K5/8/8/8/8/8/1R6 w - - 139 80";
  EXPECT_EQ(outcome("shatranj", fen, {"b1b2"}), draw_by(Reason::SeventyMoves));
  EXPECT_EQ(outcome("shatranj", fen, {"b1b8"}), white_by(Reason::Checkmate));
  EXPECT_EQ(outcome("shatranj", "k7/p1K5/8/8/8/8/8/1R6 w - - 138 80", {"b1b2"}), ONGOING);
}

TEST(MakrukEnd, StalemateIsADraw) {
  EXPECT_EQ(outcome("makruk", STALEMATE), draw_by(Reason::NoMove));
  EXPECT_EQ(outcome("cambodian", STALEMATE), draw_by(Reason::NoMove));
}

TEST(MakrukEnd, NoMoveRuleButRepetition) {
  EXPECT_EQ(outcome("makruk", "k7/2K5/8/p7/8/8/8/1R6 w - - 300 80", {"b1b2"}), ONGOING);
  const std::vector<std::string> shuffle = {"e1d1", "e8d8", "d1e1", "d8e8", "e1d1", "e8d8", "d1e1", "d8e8"};
  EXPECT_EQ(outcome("makruk", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", shuffle), draw_by(Reason::Repetition));
  EXPECT_EQ(outcome("makruk", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", {shuffle.begin(), shuffle.end() - 1}),
            ONGOING);
}

TEST(MakrukEnd, ABareKingCountsFromThePiecesOnTheBoard) {
  // Black bare against a chariot: 16 moves, counted from 2 x 3 pieces = 6 plies.
  const Game game = play(rules_named("makruk"), "8/8/4k3/8/8/8/3K4/R7 b - - 0 30", {"e6e5", "a1a2"});
  EXPECT_EQ(to_fen(game.position()), "8/8/8/4k3/8/8/R2K4/8 b - 32 6 31");
}

TEST(MakrukEnd, TakingTheLastPawnStartsTheCount) {
  // Pieces' honour for a bare king, the board's honour (64 moves from 0) otherwise.
  EXPECT_EQ(to_fen(play(rules_named("makruk"), "8/8/3k4/8/3p4/3R4/3K4/8 w - - 0 1", {"d3d4"}).position()),
            "8/8/3k4/8/3R4/8/3K4/8 b - 32 6 1");
  EXPECT_EQ(to_fen(play(rules_named("makruk"), "8/8/3k4/8/3p4/3R4/3K4/5s2 w - - 0 1", {"d3d4"}).position()),
            "8/8/3k4/8/3R4/8/3K4/5s2 b - 128 0 1");
}

TEST(MakrukEnd, TheCountDrawsOncePastItsLimitUnlessThatMoveMates) {
  EXPECT_EQ(outcome("makruk", "8/8/8/4k3/8/8/R2K4/8 b - 32 32 40", {"e5e4"}), draw_by(Reason::Counting));
  EXPECT_EQ(outcome("makruk", "8/8/8/4k3/8/8/R2K4/8 b - 32 31 40", {"e5e4"}), ONGOING);
  EXPECT_EQ(outcome("makruk", "k7/2K5/8/8/8/8/8/1R6 w - 32 32 40", {"b1a1"}), white_by(Reason::Checkmate));
  EXPECT_EQ(outcome("makruk", "k7/2K5/8/8/8/8/8/1R6 w - 32 32 40", {"b1b2"}), draw_by(Reason::Counting));
}

TEST(CambodianEnd, CountsOneMoveShorterThanMakruk) {
  EXPECT_EQ(
      to_fen(play(rules_named("cambodian"), "8/8/4k3/8/8/8/3K4/R7 b - - 0 30", {"e6e5", "a1a2"}).position()),
      "8/8/8/4k3/8/8/R2K4/8 b - 30 6 31");
  EXPECT_EQ(
      to_fen(play(rules_named("cambodian"), "8/8/3k4/8/3p4/3R4/3K4/5s2 w - - 0 1", {"d3d4"}).position()),
      "8/8/3k4/8/3R4/8/3K4/5s2 b - 126 0 1");
}

TEST(SittuyinEnd, ABareKingCountsFromZero) {
  EXPECT_EQ(
      to_fen(play(rules_named("sittuyin"), "8/8/4k3/8/8/8/3K4/R7 b - - 0 30", {"e6e5", "a1a2"}).position()),
      "8/8/8/4k3/8/8/R2K4/8[] b - 32 0 31");
}

TEST(SittuyinEnd, FiftyMovesAndStalemateDraw) {
  EXPECT_EQ(outcome("sittuyin", "8/8/4k3/8/8/8/3K4/F7 w - - 99 30", {"a1b2"}), draw_by(Reason::FiftyMoves));
  EXPECT_EQ(outcome("sittuyin", "8/8/4k3/8/8/8/3K4/F7 w - - 98 30", {"a1b2"}), ONGOING);
  EXPECT_EQ(outcome("sittuyin", STALEMATE), draw_by(Reason::NoMove));
}

TEST(SittuyinEnd, AKingAndPawnThatCanOnlyPromoteIsStalemated) {
  // The pawn on a2 is blocked; its only moves are promotions (on a2 itself).
  EXPECT_EQ(outcome("sittuyin", "8/8/8/8/8/n7/P1k5/K7 w - - 0 1"), draw_by(Reason::PromotionOnly));
  EXPECT_EQ(outcome("sittuyin", "8/8/8/8/8/n7/P1k5/K7 b - - 0 1", {"c2c3"}), draw_by(Reason::PromotionOnly));
}

TEST(ChesscomEnd, StalemateLosesAndBareKingsPlayOn) {
  EXPECT_EQ(outcome("chaturanga-chesscom", STALEMATE), white_by(Reason::NoMove));
  EXPECT_EQ(outcome("chaturanga-chesscom", "8/3p4/4k3/8/8/2K5/8/3R3R w - - 0 1", {"d1d7"}), ONGOING);
  EXPECT_EQ(outcome("chaturanga-chesscom", "8/8/8/4k3/8/8/8/3K4 w - - 0 80"), ONGOING);
  EXPECT_EQ(outcome("chaturanga-chesscom", "k7/2K5/8/8/8/8/8/1R6 w - - 139 80", {"b1b2"}),
            draw_by(Reason::SeventyMoves));
}

TEST(OptionEnds, CheckmateGoalMatesAndJudgesNoMoveByTheOption) {
  EXPECT_EQ(with_options("goal=checkmate", "k7/2K5/8/8/8/8/8/R7 b - - 0 1"), white_by(Reason::Checkmate));
  EXPECT_EQ(with_options("goal=checkmate,bare-king=off", STALEMATE), black_by(Reason::NoMove));
  EXPECT_EQ(with_options("goal=checkmate,bare-king=off,no-move=loses", STALEMATE), white_by(Reason::NoMove));
}

TEST(OptionEnds, CheckmateGoalKeepsTheSeedsBareKingRules) {
  // The seed's rules 2 and 3 stay: one reply for a king bared by one piece.
  const std::string fen = "8/8/5p2/4k3/8/8/1K6/5R2 w - - 0 1";
  EXPECT_EQ(with_options("goal=checkmate", fen, {"f1f6"}), ONGOING);
  EXPECT_EQ(with_options("goal=checkmate", fen, {"f1f6", "e5f6"}), draw_by(Reason::TwoBareKings));
  EXPECT_EQ(with_options("goal=checkmate", fen, {"f1f6", "e5d5"}), white_by(Reason::BareKing));
  EXPECT_EQ(with_options("goal=checkmate", "8/8/5p2/4k3/8/8/1K6/1N3R2 w - - 0 1", {"f1f6"}),
            white_by(Reason::BareKing));
}

TEST(OptionEnds, BareKingOffDecidesNothing) {
  const std::string fen = "8/8/5p2/4k3/3K4/8/8/1N3R2 w - - 0 1";
  EXPECT_EQ(with_options("bare-king=off", fen, {"f1f6"}), ONGOING);
  EXPECT_EQ(with_options("bare-king=off", "8/8/5p2/4k3/3K4/8/8/5R2 w - - 0 1", {"f1f6", "e5f6"}), ONGOING);
}

TEST(OptionEnds, NoMoveLosesWhenPlayedToCapture) {
  // White's pawns are blocked by its own back rank, which cannot move either.
  const std::string walled = "KQRRRRRR/PPPPPPPP/8/8/8/p7/8/7k b - - 0 1";
  EXPECT_EQ(with_options("", walled, {"h1g1"}), white_by(Reason::NoMove));
  EXPECT_EQ(with_options("no-move=loses", walled, {"h1g1"}), black_by(Reason::NoMove));
}

TEST(OptionEnds, CheckmateBeatsTheSeventyMoveDrawButStalemateDoesNot) {
  const std::string fen = "k7/p1K5/8/8/8/8/8/1R6 w - - 139 80";
  EXPECT_EQ(with_options("goal=checkmate", fen, {"b1b8"}), white_by(Reason::Checkmate));
  EXPECT_EQ(with_options("goal=checkmate", fen, {"b1b2"}), draw_by(Reason::SeventyMoves));
}

TEST(OptionEnds, RuleWordsFollowTheNoMoveValue) {
  EXPECT_EQ(reason_words(Reason::NoMove, seed_rules()), reason_words(Reason::NoMove));
  EXPECT_NE(std::string(reason_words(Reason::NoMove, rules_named("shatranj"))).find("loses"),
            std::string::npos);
  EXPECT_NE(std::string(reason_words(Reason::NoMove, rules_named("makruk"))).find("draw"), std::string::npos);
}
