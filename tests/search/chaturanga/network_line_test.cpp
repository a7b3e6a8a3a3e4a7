#include "search/chaturanga/network_line.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "search/chaturanga/network.h"
#include "support/random_network.h"

namespace {

using namespace chaturanga;
using namespace search::chaturanga;

// A random game of `plies` moves from the game's start (a pass now and
// then, as the null move makes), every position kept.
std::vector<Position> random_line(const char* game, int plies, unsigned seed) {
  const RuleSet* rules = find_uci_variant(game, Options{});
  EXPECT_NE(rules, nullptr) << game;
  auto start = parse_fen(*rules, std::string(rules->start_fen));
  EXPECT_TRUE(start.ok()) << game;
  std::vector<Position> line{*start};
  std::mt19937 rng(seed);
  for (int i = 0; i < plies; ++i) {
    const Position& pos = line.back();
    MoveList moves;
    generate<GenKind::All>(pos, moves);
    const auto king_gone = [&](Color c) { return !pos.has_king(c) && pos.hand(c, KING) == 0; };
    if (moves.size() == 0 || king_gone(WHITE) || king_gone(BLACK)) break;
    Position next = pos;
    if (rng() % 10 == 0 && !pos.has_hand(WHITE) && !pos.has_hand(BLACK))
      next.pass();
    else
      next = pos.after(moves[rng() % moves.size()]);
    line.push_back(next);
  }
  return line;
}

void expect_same_sums(const NetAccumulator& a, const NetAccumulator& b, const std::string& where) {
  for (const Color view : {WHITE, BLACK})
    for (int i = 0; i < NET_HIDDEN; ++i)
      ASSERT_EQ(a.view[view][i], b.view[view][i]) << where << " unit " << i;
}

TEST(NetworkLine, UpdatedSumsAreThoseSummedAfresh) {
  // Whatever random games from the start hold: captures and promotions,
  // Cambodian's first leaps, Sittuyin's set-up drops, and passes.
  const auto net = random_network(3, 0.3f);
  for (const char* game : {"chaturanga", "shatranj", "makruk", "cambodian", "sittuyin"})
    for (unsigned seed = 1; seed <= 20; ++seed) {
      const std::vector<Position> line = random_line(game, 200, seed);
      NetAccumulator acc;
      net_refresh(*net, line[0], acc);
      for (std::size_t i = 1; i < line.size(); ++i) {
        NetAccumulator updated;
        NetAccumulator fresh;
        net_update(*net, line[i - 1], line[i], acc, updated);
        net_refresh(*net, line[i], fresh);
        expect_same_sums(updated, fresh,
                         std::string(game) + " seed " + std::to_string(seed) + " ply " + std::to_string(i));
        if (HasFatalFailure()) return;
        acc = updated;
      }
    }
}

TEST(NetworkLine, ItsLogitIsTheWholeBoardsWhereverTheLineWasEvaluated) {
  // Nodes evaluated every ply, now and then, after long gaps, and after the
  // network changed: always the logit of the board.
  const auto net = random_network(5, 0.3f);
  const auto other = random_network(6, 0.3f);
  auto line_sums = std::make_unique<NetworkLine>();
  for (unsigned seed = 1; seed <= 10; ++seed) {
    const std::vector<Position> line = random_line("makruk", 120, seed);
    std::mt19937 rng(seed);
    for (std::size_t ply = 0; ply < line.size() && ply <= search::MAX_PLY; ++ply) {
      line_sums->enter(int(ply), line[ply]);
      // Some plies not evaluated; on some lines ten in a row.
      if ((rng() % 3 == 0 && seed % 2 == 0) || (seed % 3 == 0 && ply >= 10 && ply < 20)) continue;
      const Network& n = ply % 37 == 36 ? *other : *net;
      EXPECT_EQ(line_sums->logit(n, int(ply)), net_logit(n, line[ply])) << "seed " << seed << " ply " << ply;
      // Asked again, the same.
      EXPECT_EQ(line_sums->logit(n, int(ply)), net_logit(n, line[ply]));
    }
  }
}

TEST(NetworkLine, ASiblingLineDoesNotLeaveItsSumsBehind) {
  // Two children of one node, evaluated one after the other at the same ply.
  const auto net = random_network(9, 0.3f);
  const std::vector<Position> a = random_line("shatranj", 6, 1);
  const std::vector<Position> b = random_line("shatranj", 6, 2);
  auto line_sums = std::make_unique<NetworkLine>();
  line_sums->enter(0, a[0]);
  EXPECT_EQ(line_sums->logit(*net, 0), net_logit(*net, a[0]));
  for (int ply = 1; ply <= 5; ++ply) {
    line_sums->enter(ply, a[ply]);
    EXPECT_EQ(line_sums->logit(*net, ply), net_logit(*net, a[ply]));
  }
  // The line goes back to ply 1 and down another way.
  for (int ply = 1; ply <= 5; ++ply) {
    line_sums->enter(ply, b[ply]);
    EXPECT_EQ(line_sums->logit(*net, ply), net_logit(*net, b[ply])) << ply;
  }
}

}  // namespace
