// How the rules settle a node of the two-player search: a finished game's
// score, a king that can be taken, a side with no move, the draws by the
// n-move rule and by counting. Inline: each is asked at every node.
#pragma once

#include "chaturanga/counting.h"
#include "chaturanga/movegen.h"
#include "chaturanga/position.h"
#include "chaturanga/rules.h"
#include "search/chaturanga/vocabulary.h"
#include "search/score.h"

namespace search::chaturanga {

// The score of a finished game for the side to move at `ply`.
inline int outcome_score(const Outcome& o, Color to_move, int ply) {
  if (o.result == ::chaturanga::Result::Draw) return DRAW;
  return o.result == win_for(to_move) ? win_in(ply) : loss_in(ply);
}

// The side to move can capture the enemy king: the game is won next ply.
// Only where the king is not royal: a royal king is never left attacked.
inline bool can_take_king(const Position& pos) {
  const Color us = pos.side_to_move();
  return !pos.rules().royal_king && pos.has_king(~us) && pos.attackers_to(pos.king_square(~us), us) != 0;
}

// The side to move has no move at all: checkmated where the king is royal
// and attacked, else the rule set's value of having no move.
inline int no_move_score(const Position& pos, int ply) {
  if (pos.in_check()) return loss_in(ply);
  switch (pos.rules().no_move) {
    case NoMove::Wins: return win_in(ply);
    case NoMove::Loses: return loss_in(ply);
    case NoMove::Draws: return DRAW;
  }
  return DRAW;
}

// A draw by the rule set's n-move rule or by counting. Where the king is
// royal, mate on the move that completes it still wins, as the rules judge.
inline bool rule_draw(const Position& pos) {
  const int limit = pos.rules().move_rule_plies;
  if (!(limit && pos.halfmove_clock() >= limit) && !counting_expired(pos)) return false;
  return !pos.in_check() || count_moves(pos) != 0;
}

}  // namespace search::chaturanga
