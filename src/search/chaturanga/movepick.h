// Move ordering: all moves generated at once, scored, and handed out best
// first by selection. Order: hash move, winning and equal captures (most
// valuable victim, least valuable attacker), promotions, killers, counter
// move, quiet moves by history, losing captures.
#pragma once

#include "chaturanga/movegen.h"
#include "search/chaturanga/history.h"
#include "search/chaturanga/vocabulary.h"

namespace search::chaturanga {

class MovePicker {
 public:
  // `captures_only` is the quiescence search's view; `prev` is the move that
  // led here (for the counter move), none at the root or after a null move.
  // `rows` are the continuation rows of the two moves before (none in the
  // quiescence search).
  MovePicker(const chaturanga::Position& pos, chaturanga::Move tt_move, const History& history, int ply,
             chaturanga::Move prev, bool captures_only, const ContRows& rows = {});

  chaturanga::Move next();
  // Whether the last move handed out was scored as a losing capture.
  bool last_was_bad_capture() const { return last_score_ < 0 && last_capture_; }
  std::size_t size() const { return list_.size(); }
  // From now on, only captures, promotions, killers and the counter move.
  void skip_quiets();

 private:
  const chaturanga::Position& pos_;
  chaturanga::MoveList list_;
  int scores_[chaturanga::MoveList::CAPACITY];
  std::size_t cursor_ = 0;
  int last_score_ = 0;
  bool last_capture_ = false;
  bool skip_quiets_ = false;
};

}  // namespace search::chaturanga
