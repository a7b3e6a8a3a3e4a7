// The six game-end rules of spec/chaturanga.md, each at its edges.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"

using namespace chaturanga;

namespace {

Game from(const std::string& fen, const std::vector<std::string>& moves = {}) {
  auto g = Game::from_fen(fen);
  EXPECT_TRUE(g.ok()) << g.error();
  Game game = *g;
  for (const auto& m : moves) {
    const auto played = game.play_uci(m);
    EXPECT_TRUE(played.ok()) << m << ": " << played.error();
  }
  return game;
}

Outcome outcome_of(const std::string& fen, const std::vector<std::string>& moves = {}) {
  return from(fen, moves).outcome();
}

constexpr Outcome ONGOING{};

}  // namespace

// White rook takes Black's last piece; White keeps exactly one piece.
constexpr const char* ONE_PIECE_LEFT = "8/8/5p2/4k3/3K4/8/8/5R2 w - - 0 1";

TEST(KingCaptured, CapturingTheKingWins) {
  EXPECT_EQ(outcome_of("3k4/7p/8/8/8/8/8/3RK3 w - - 0 1", {"d1d8"}),
            (Outcome{Result::WhiteWins, Reason::KingCaptured}));
}

TEST(KingCaptured, KingMayBeLeftAttackedAndThenIsTaken) {
  // Moving into attack is legal; the opponent then takes the king.
  const Game game = from("8/8/8/3k4/8/3K4/7P/r7 w - - 0 1", {"d3d4", "d5d4"});
  EXPECT_EQ(game.outcome(), (Outcome{Result::BlackWins, Reason::KingCaptured}));
}

TEST(KingCaptured, MissingKingInFenIsAFinishedGame) {
  EXPECT_EQ(outcome_of("8/8/8/8/8/8/8/3QK3 w - - 0 1"), (Outcome{Result::WhiteWins, Reason::KingCaptured}));
  EXPECT_EQ(outcome_of("3k4/8/8/8/8/8/8/3R4 w - - 0 1"), (Outcome{Result::BlackWins, Reason::KingCaptured}));
}

TEST(BareKing, TwoOrMorePiecesLeftWinAtOnce) {
  // Rook takes the last black piece; White still has rook and horse.
  EXPECT_EQ(outcome_of("8/8/5p2/4k3/3K4/8/8/1N3R2 w - - 0 1", {"f1f6"}),
            (Outcome{Result::WhiteWins, Reason::BareKing}));
}

TEST(BareKing, OnePieceLeftGivesTheBareKingOneReply) {
  EXPECT_EQ(outcome_of(ONE_PIECE_LEFT, {"f1f6"}), ONGOING);
}

TEST(BareKing, ReplyThatDoesNotCaptureLoses) {
  EXPECT_EQ(outcome_of(ONE_PIECE_LEFT, {"f1f6", "e5e4"}), (Outcome{Result::WhiteWins, Reason::BareKing}));
}

TEST(BareKing, ReplyCapturingTheLastPieceDraws) {
  EXPECT_EQ(outcome_of(ONE_PIECE_LEFT, {"f1f6", "e5f6"}), (Outcome{Result::Draw, Reason::TwoBareKings}));
}

TEST(BareKing, ProtectedLastPieceStillDrawsWhenCaptured) {
  // The white king guards f6; taking it still leaves two bare kings at once,
  // before White could take the black king.
  const std::string guarded = "8/8/5p2/4k1K1/8/8/8/5R2 w - - 0 1";
  EXPECT_EQ(outcome_of(guarded, {"f1f6", "e5f6"}), (Outcome{Result::Draw, Reason::TwoBareKings}));
}

TEST(BareKing, ReplyCapturingTheKingWins) {
  // The bare king stands next to the white king and takes it instead.
  EXPECT_EQ(outcome_of(ONE_PIECE_LEFT, {"f1f6", "e5d4"}), (Outcome{Result::BlackWins, Reason::KingCaptured}));
}

TEST(BareKing, BareSideToMoveInFenGetsItsReply) {
  // Black just bared White with its one remaining piece: White may reply.
  EXPECT_EQ(outcome_of("8/8/8/4k3/3K4/8/8/5r2 w - - 0 1"), ONGOING);
  EXPECT_EQ(outcome_of("8/8/8/4k3/3K4/8/8/5r2 w - - 0 1", {"d4c4"}),
            (Outcome{Result::BlackWins, Reason::BareKing}));
}

TEST(BareKing, BothSidesWithPiecesIsNotBare) {
  EXPECT_EQ(outcome_of("8/8/5p2/4k3/3K4/8/8/5R2 b - - 0 1", {"f6f5"}), ONGOING);
}

TEST(TwoBareKings, OnlyKingsIsADraw) {
  EXPECT_EQ(outcome_of("3k4/8/8/8/8/8/8/4K3 w - - 0 1"), (Outcome{Result::Draw, Reason::TwoBareKings}));
}

TEST(NoMove, SideWithoutAMoveWins) {
  // White's pawns are blocked by its own back rank, which cannot move either.
  const std::string walled = "KQRRRRRR/PPPPPPPP/8/8/8/p7/8/7k b - - 0 1";
  EXPECT_EQ(outcome_of(walled), ONGOING);
  EXPECT_EQ(outcome_of(walled, {"h1g1"}), (Outcome{Result::WhiteWins, Reason::NoMove}));
}

TEST(Order, BareKingComesBeforeNoMove) {
  // Same wall, Black bare: the bare-king rule (rule 2) comes first.
  EXPECT_EQ(outcome_of("KQRRRRRR/PPPPPPPP/8/8/8/8/8/7k w - - 0 1"),
            (Outcome{Result::WhiteWins, Reason::BareKing}));
}

TEST(Repetition, ThirdOccurrenceDraws) {
  Game game;
  const std::vector<std::string> cycle = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (const auto& m : cycle) ASSERT_TRUE(game.play_uci(m).ok());
  EXPECT_EQ(game.occurrences(), 2);
  for (std::size_t i = 0; i + 1 < cycle.size(); ++i) ASSERT_TRUE(game.play_uci(cycle[i]).ok());
  EXPECT_EQ(game.outcome(), ONGOING);
  ASSERT_TRUE(game.play_uci(cycle.back()).ok());
  EXPECT_EQ(game.occurrences(), 3);
  EXPECT_EQ(game.outcome(), (Outcome{Result::Draw, Reason::Repetition}));
  EXPECT_FALSE(game.play_uci("e2e3").ok());
}

TEST(Repetition, SideToMoveIsPartOfThePosition) {
  const auto black_to_move = parse_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1");
  ASSERT_TRUE(black_to_move.ok());
  EXPECT_NE(black_to_move->key(), Position::start().key());
}

TEST(SeventyMoves, Ply139IsNotYetADraw) {
  EXPECT_EQ(outcome_of("3k4/7p/8/8/8/8/8/R3K3 w - - 138 80", {"a1a2"}), ONGOING);
}

TEST(SeventyMoves, Ply140IsADraw) {
  EXPECT_EQ(outcome_of("3k4/7p/8/8/8/8/8/R3K3 w - - 139 80", {"a1a2"}),
            (Outcome{Result::Draw, Reason::SeventyMoves}));
}

TEST(SeventyMoves, PawnMoveOnPly140ResetsTheCount) {
  EXPECT_EQ(outcome_of("3k4/7p/8/8/8/8/P7/R3K3 w - - 139 80", {"a2a3"}), ONGOING);
}

TEST(SeventyMoves, CaptureOnPly140ResetsTheCount) {
  EXPECT_EQ(outcome_of("3k4/r7/p7/8/8/8/8/R3K3 w - - 139 80", {"a1a6"}), ONGOING);
}

TEST(Order, KingCaptureComesBeforeTheBareKingRule) {
  // White is bare and Black has a chariot, but White's reply takes the king.
  EXPECT_EQ(outcome_of("8/8/8/8/8/8/8/kK5r w - - 0 1"), ONGOING);
  EXPECT_EQ(outcome_of("8/8/8/8/8/8/8/kK5r w - - 0 1", {"b1a1"}),
            (Outcome{Result::WhiteWins, Reason::KingCaptured}));
}

TEST(Undo, RestoresTheOutcome) {
  Game game = from(ONE_PIECE_LEFT, {"f1f6", "e5e4"});
  ASSERT_TRUE(game.over());
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.outcome(), ONGOING);
  EXPECT_EQ(game.moves().size(), 1u);
}
