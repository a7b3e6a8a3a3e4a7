// The `points` rule set against the reference data (tests/chaturaji/data,
// made with rule code that reproduces 11,555 of 11,558 chess.com games).
#include <gtest/gtest.h>

#include "chaturaji/notation.h"
#include "chaturaji/perft.h"
#include "chaturaji/pgn4.h"
#include "chaturaji/scoring.h"
#include "data_util.h"

namespace chaturaji {
namespace {

using test::read_tsv;
using test::split;

std::string scores_text(const Position& pos) {
  std::string s;
  for (int i = 0; i < SEAT_COUNT; ++i) s += (i ? "," : "") + std::to_string(pos.score(i));
  return s;
}

TEST(PointsData, RandomGamesScoreEveryPlyAndEnd) {
  const auto rows = read_tsv("points-random-games.tsv");
  ASSERT_EQ(rows.size(), 150u);
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 7u);
    const std::string game = "game " + row[0];
    const std::vector<std::string> moves = split(row[5], ' ');
    const std::vector<std::string> expected = split(row[6], ' ');
    ASSERT_EQ(moves.size(), std::size_t(std::stoi(row[1]))) << game;
    ASSERT_EQ(expected.size(), moves.size()) << game;
    Position pos = Position::start(Variant::Points);
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
      const std::string at = game + " ply " + std::to_string(ply + 1) + " " + moves[ply];
      const auto m =
          moves[ply] == "R" ? core::Expected<Move>(Move::special(Move::Resign)) : parse_move(pos, moves[ply]);
      ASSERT_TRUE(m.ok()) << at << ": " << m.error();
      pos.play(*m);
      ASSERT_EQ(scores_text(pos), expected[ply]) << at;
    }
    ASSERT_EQ(row[2], "one_left");
    EXPECT_LE(pos.in_count(), 1) << game;
    std::string active;
    for (int s = 0; s < SEAT_COUNT; ++s) active += pos.is_in(s) ? "RBYG"[s] : '-';
    EXPECT_EQ(active, row[4]) << game;
    const auto final = final_scores(pos, Ending::LastPlayer);
    EXPECT_EQ(std::to_string(final[0]) + "," + std::to_string(final[1]) + "," + std::to_string(final[2]) +
                  "," + std::to_string(final[3]),
              row[3])
        << game;
  }
}

TEST(PointsData, CheckBonusCasesIncludingDisputed) {
  const auto rows = read_tsv("points-check-bonus.tsv");
  ASSERT_EQ(rows.size(), 45u);
  for (const auto& row : rows) {
    const std::vector<std::string> moves = split(row[0], ' ');
    Position pos = Position::start(Variant::Points);
    for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
      const auto m = parse_move(pos, moves[i]);
      ASSERT_TRUE(m.ok()) << row[0] << ": " << m.error();
      pos.play(*m);
    }
    const auto last = parse_move(pos, moves.back());
    ASSERT_TRUE(last.ok()) << row[0];
    const int mover = pos.turn();
    const Position after = pos.after(*last);
    const int captured =
        pos.piece_on(last->to()) == NO_PIECE ? 0 : capture_value(pos, pos.piece_on(last->to()));
    EXPECT_EQ(after.score(mover) - pos.score(mover) - captured, std::stoi(row[2]))
        << row[0] << " (" << row[4] << ")";
    EXPECT_EQ(check_bonus(newly_threatened(pos, after, mover)), std::stoi(row[2])) << row[0];
  }
}

TEST(PointsData, PerftLastPlyStatistics) {
  for (const auto& row : read_tsv("points-perft.tsv")) {
    const int depth = std::stoi(row[0]);
    if (depth > 7) continue;
    const PerftStats s = perft_stats(Position::start(Variant::Points), depth);
    EXPECT_EQ(s.nodes, std::stoull(row[1])) << "depth " << depth;
    EXPECT_EQ(s.captures, std::stoull(row[2])) << "depth " << depth;
    EXPECT_EQ(s.king_captures, std::stoull(row[3])) << "depth " << depth;
    EXPECT_EQ(s.promotions, std::stoull(row[4])) << "depth " << depth;
    EXPECT_EQ(s.double_check_bonus, std::stoull(row[5])) << "depth " << depth;
    EXPECT_EQ(s.triple_check_bonus, std::stoull(row[6])) << "depth " << depth;
  }
}

TEST(PointsData, SampleChessComGame) {
  const auto imported = parse_pgn4(test::read_file("points-sample-game.pgn4"));
  ASSERT_TRUE(imported.ok()) << imported.error();
  const Game& game = imported->game;
  // The one mid-board `=R` is reported, not taken for a promotion.
  ASSERT_EQ(imported->warnings.size(), 1u);
  EXPECT_NE(imported->warnings[0].find("d7-d8=R"), std::string::npos) << imported->warnings[0];
  EXPECT_NE(imported->warnings[0].find("no promotion square"), std::string::npos);
  const auto replay = read_tsv("points-sample-game.replay.tsv");
  ASSERT_EQ(game.moves().size(), replay.size());
  for (std::size_t i = 0; i < replay.size(); ++i) {
    std::string expected = replay[i][7];
    std::erase(expected, ' ');
    EXPECT_EQ("[" + scores_text(game.history()[i + 1]) + "]", expected) << "ply " << i + 1;
    if (replay[i][3] != "-") {
      std::string move = replay[i][3];
      std::erase(move, '-');
      EXPECT_EQ(to_text(game.history()[i], game.moves()[i]), move) << "ply " << i + 1;
    }
  }
  const Outcome o = game.outcome();
  ASSERT_TRUE(o.over);
  EXPECT_EQ(o.reason, Reason::LastPlayer);
  EXPECT_EQ(o.scores, (std::array<int, 4>{16, 7, 18, 12}));
  EXPECT_EQ(result_text(game.position().rules(), o), "yellow");
}

TEST(PointsData, PgnRoundTrip) {
  const auto imported = parse_pgn4(test::read_file("points-sample-game.pgn4"));
  ASSERT_TRUE(imported.ok());
  const std::string written = to_pgn4(imported->game);
  const auto again = parse_pgn4(written);
  ASSERT_TRUE(again.ok()) << again.error() << "\n" << written;
  EXPECT_TRUE(again->warnings.empty()) << again->warnings[0];
  EXPECT_EQ(again->game.moves(), imported->game.moves());
  EXPECT_NE(written.find("19. Kg6-h7 .. R"), std::string::npos) << written;
  EXPECT_NE(written.find("Bf8xKe9#"), std::string::npos) << written;
  EXPECT_NE(written.find("Ni8-h6++"), std::string::npos) << written;
}

std::vector<std::pair<std::string, std::string>> fen4_samples() {
  std::vector<std::pair<std::string, std::string>> out;
  std::string name;
  for (const std::string& line : split(test::read_file("fen4-samples.txt"), '\n')) {
    if (line.rfind("### ", 0) == 0) name = line.substr(4);
    if (!line.empty() && line[0] != '#') out.emplace_back(name, line);
  }
  return out;
}

TEST(PointsData, Fen4Samples) {
  const auto samples = fen4_samples();
  ASSERT_EQ(samples.size(), 3u);
  const auto real = parse_fen4(samples[0].second);
  ASSERT_TRUE(real.ok()) << real.error();
  EXPECT_EQ(real->turn(), 1);
  EXPECT_EQ(real->in(), 0b0011);
  for (int s = 0; s < 4; ++s) EXPECT_EQ(real->score(s), (std::array<int, 4>{4, 3, 14, 0})[s]);
  const auto at = [&](const char* sq) { return real->piece_on(parse_square(sq)); };
  EXPECT_EQ(at("b7"), make_piece(1, KING));
  EXPECT_EQ(at("g2"), make_piece(1, ROOK));
  EXPECT_EQ(at("d8"), make_piece(0, BISHOP));
  EXPECT_EQ(at("b1"), make_piece(0, KING));
  EXPECT_EQ(at("f8"), make_piece(2, BISHOP));
  EXPECT_EQ(at("h1"), make_piece(3, ROOK));
  EXPECT_EQ(core::popcount(real->pieces()), 20);
  EXPECT_EQ(to_fen4(*real), samples[0].second);
  const auto start = parse_fen4(samples[1].second);
  ASSERT_TRUE(start.ok()) << start.error();
  EXPECT_TRUE(*start == Position::start(Variant::Points));
  EXPECT_EQ(to_fen4(Position::start(Variant::Points)), samples[1].second);
  const auto bad = parse_fen4(samples[2].second);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("14 rows"), std::string::npos) << bad.error();
}

// A point count that does not fit is refused, not wrapped: a wrapped count
// came out negative, and its '-' then split the header when written back
// (fuzz finding tests/fuzz/corpus/pgn4/regression-points-overflow).
TEST(PointsData, Fen4PointsOutOfRangeAreRefused) {
  std::string text = to_fen4(Position::start(Variant::Points));
  const std::string zeros = "-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-";
  const std::size_t at = text.find(zeros);
  ASSERT_NE(at, std::string::npos) << text;
  const auto with_points = [&](const std::string& points) {
    std::string t = text;
    t.replace(at, zeros.size(), "-0,0,0,0-0,0,0,0-0,0,0,0-" + points + "-");
    return parse_fen4(t);
  };
  const auto fits = with_points("4,3,9999,0");
  ASSERT_TRUE(fits.ok()) << fits.error();
  EXPECT_EQ(fits->score(2), 9999);
  const auto big = with_points("4,3,57546,0");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().find("57546 is outside 0..9999"), std::string::npos) << big.error();
}

}  // namespace
}  // namespace chaturaji
