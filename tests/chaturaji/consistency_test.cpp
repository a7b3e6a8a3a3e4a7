// Cross-checks at every position of many games: the two ways of counting
// moves agree, text forms round-trip, and chess.com records of the reference
// games read back to the same moves and scores.
#include <gtest/gtest.h>

#include "chaturaji/fen.h"
#include "chaturaji/game.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/pgn4.h"
#include "data_util.h"

namespace chaturaji {
namespace {

Game reference_game(const std::vector<std::string>& row) {
  Game game(Variant::Points);
  for (const std::string& text : test::split(row[5], ' ')) {
    const auto m =
        text == "R" ? core::Expected<Move>(Move::special(Move::Resign)) : parse_move(game.position(), text);
    EXPECT_TRUE(m.ok()) << text;
    if (m.ok()) game.play(*m);
  }
  return game;
}

TEST(Consistency, EveryPositionOfTheReferenceGames) {
  for (const auto& row : test::read_tsv("points-random-games.tsv")) {
    const Game game = reference_game(row);
    for (const Position& pos : game.history()) {
      MoveList list;
      generate(pos, list);
      ASSERT_EQ(count_moves(pos), int(list.size())) << to_fen(pos);
      for (const Move m : list) {
        Position full = pos.after(m);
        Position board = pos;
        board.play_board_only(m);
        ASSERT_EQ(full.key(), board.key()) << to_fen(pos) << " " << to_text(pos, m);
      }
      const auto back = parse_fen(Variant::Points, to_fen(pos));
      ASSERT_TRUE(back.ok()) << back.error();
      ASSERT_EQ(to_fen(*back), to_fen(pos));
      const auto four = parse_fen4(to_fen4(pos));
      ASSERT_TRUE(four.ok()) << four.error() << "\n" << to_fen4(pos);
      ASSERT_EQ(to_fen4(*four), to_fen4(pos));
    }
  }
}

TEST(Consistency, ReferenceGamesThroughPgn4) {
  for (const auto& row : test::read_tsv("points-random-games.tsv")) {
    const Game game = reference_game(row);
    const std::string pgn = to_pgn4(game);
    const auto back = parse_pgn4(pgn);
    ASSERT_TRUE(back.ok()) << "game " << row[0] << ": " << back.error() << "\n" << pgn;
    EXPECT_TRUE(back->warnings.empty()) << "game " << row[0] << ": " << back->warnings[0];
    EXPECT_EQ(back->game.moves(), game.moves()) << "game " << row[0];
    const auto scores = back->game.outcome().scores;
    EXPECT_EQ(std::to_string(scores[0]) + "," + std::to_string(scores[1]) + "," + std::to_string(scores[2]) +
                  "," + std::to_string(scores[3]),
              row[3])
        << "game " << row[0];
  }
}

TEST(Consistency, RandomGamesOfTeamsAndDice) {
  for (const Variant v : {Variant::Teams, Variant::Dice}) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      Game game(v, seed);
      core::Rng rng(seed);
      for (int ply = 0; ply < 300 && !game.over(); ++ply) {
        const Position& pos = game.position();
        MoveList list;
        generate(pos, list);
        ASSERT_EQ(count_moves(pos), int(list.size())) << to_fen(pos);
        ASSERT_FALSE(list.empty()) << to_fen(pos);
        const auto back = parse_fen(v, to_fen(pos));
        ASSERT_TRUE(back.ok()) << back.error() << ": " << to_fen(pos);
        ASSERT_TRUE(*back == pos) << to_fen(pos);
        const Move m = list[rng.below(list.size())];
        const auto parsed = parse_move(pos, to_text(pos, m));
        ASSERT_TRUE(parsed.ok()) << parsed.error();
        ASSERT_EQ(*parsed, m);
        game.play(m);
      }
    }
  }
}

}  // namespace
}  // namespace chaturaji
