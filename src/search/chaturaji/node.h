// What every node of the four-handed alpha-beta searches (teams, dice, BRS,
// paranoid) does the same way: the moves in search order, the hash table's
// answer, and the bound a result is stored with.
#pragma once

#include <array>
#include <optional>

#include "chaturaji/movegen.h"
#include "search/chaturaji/ordering.h"
#include "search/chaturaji/vocabulary.h"
#include "search/score.h"
#include "search/tt.h"

namespace search::chaturaji {

// The legal moves of a position in search order (ordering.h).
class OrderedMoves {
 public:
  OrderedMoves(const Position& pos, Move hash_move, const OrderingTables* tables, int ply) {
    MoveList list;
    chaturaji::generate(pos, list);
    size_ = order_moves(pos, list, hash_move, tables, ply, moves_.data());
  }
  int size() const { return size_; }
  Move operator[](int i) const { return moves_[std::size_t(i)].move; }
  int score(int i) const { return moves_[std::size_t(i)].score; }

 private:
  std::array<ScoredMove, MoveList::CAPACITY> moves_;
  int size_ = 0;
};

// Scores in the table: `teams` keeps wins relative to the node (search/score.h),
// the others store their bounded scores as they are.
enum class WinScores : std::uint8_t { ByPly, AsIs };

// The table's answer at a node: its move, and its score when the entry is
// deep enough, `may_cut` allows it, and its bound settles the window.
struct Probe {
  Move move;
  std::optional<int> cut;
};

inline Probe probe_tt(const search::TranspositionTable& tt, core::Key key, int depth, int alpha, int beta,
                      int ply, bool may_cut, WinScores wins) {
  const search::TTHit hit = tt.probe(key);
  Probe p;
  if (!hit.found) return p;
  p.move = search::unpack<Move>(hit.move);
  if (!may_cut || hit.depth < depth) return p;
  const int s = wins == WinScores::ByPly ? search::from_tt(hit.score, ply) : hit.score;
  if (hit.bound == search::Bound::Exact || (hit.bound == search::Bound::Lower && s >= beta) ||
      (hit.bound == search::Bound::Upper && s <= alpha))
    p.cut = s;
  return p;
}

// The bound of a node's result against the window it was searched with.
inline search::Bound bound_of(int best, int alpha, int beta) {
  return best >= beta ? search::Bound::Lower : best > alpha ? search::Bound::Exact : search::Bound::Upper;
}

inline void store(search::TranspositionTable& tt, core::Key key, Move move, int score, int depth,
                  search::Bound bound, int ply, WinScores wins) {
  tt.store(key, search::pack(move), wins == WinScores::ByPly ? search::to_tt(score, ply) : score, 0, depth,
           bound);
}

}  // namespace search::chaturaji
