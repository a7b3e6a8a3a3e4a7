// Scores in centipawns from the side to move's view, and the encoding of
// forced wins: WIN - ply means the game is won at `ply` plies from the root.
#pragma once

namespace search {

constexpr int MAX_PLY = 128;
constexpr int INF = 32001;
constexpr int WIN = 32000;
constexpr int WIN_BOUND = WIN - 2 * MAX_PLY;  // |score| >= this: a forced result
constexpr int DRAW = 0;
// The hash table's static evaluation of a node that has none (a threatened king).
constexpr int NO_EVAL = -INF - 1;

constexpr int win_in(int ply) { return WIN - ply; }
constexpr int loss_in(int ply) { return -WIN + ply; }
constexpr bool is_decisive(int score) { return score >= WIN_BOUND || score <= -WIN_BOUND; }

// Moves (not plies) to the king's capture, UCI's "score mate N": > 0 we win.
constexpr int mate_moves(int score) { return score > 0 ? (WIN - score + 2) / 2 : -(WIN + score + 1) / 2; }

// The hash table stores forced results relative to the node, not the root.
constexpr int to_tt(int score, int ply) {
  return score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
}
constexpr int from_tt(int score, int ply) {
  return score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
}

}  // namespace search
