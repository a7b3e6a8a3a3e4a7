#include "search/simple_bot.h"

#include "chaturanga/movegen.h"
#include "chaturanga/rules.h"

namespace search {

using namespace chaturanga;

namespace {

constexpr int VALUE[PIECE_TYPE_COUNT] = {100, 300, 150, 500, 180, 0};
constexpr int WIN = 100000;

int material(const Position& pos, Color c) {
  int v = 0;
  for (int t = PAWN; t < KING; ++t) v += VALUE[t] * core::popcount(pos.pieces(c, PieceType(t)));
  return v;
}

int negamax(const Position& pos, int depth, int alpha, int beta, int ply) {
  const Outcome o = adjudicate_material(pos);
  if (o.over()) {
    if (o.result == Result::Draw) return 0;
    return o.result == win_for(pos.side_to_move()) ? WIN - ply : -WIN + ply;
  }
  const Color us = pos.side_to_move();
  if (depth == 0) return material(pos, us) - material(pos, ~us);
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  if (moves.empty()) return WIN - ply;
  for (const Move m : moves) {
    const int score = -negamax(pos.after(m), depth - 1, -beta, -alpha, ply + 1);
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  return alpha;
}

}  // namespace

Move simple_bot_move(const Position& pos, int depth) {
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  Move best = moves.empty() ? Move::none() : moves[0];
  int alpha = -WIN - 1;
  for (const Move m : moves) {
    const int score = -negamax(pos.after(m), depth - 1, -WIN - 1, -alpha, 1);
    if (score > alpha) {
      alpha = score;
      best = m;
    }
  }
  return best;
}

}  // namespace search
