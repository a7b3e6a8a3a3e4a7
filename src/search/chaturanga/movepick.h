// Move ordering in stages: all moves are generated at once, but only the hash
// move and the captures are scored at first; the quiet moves are scored when
// the node reaches them (most cut-offs come before), with the history as it
// stands then. Order: hash move, winning and equal captures (most valuable
// victim, least valuable attacker), promotions, killers, counter move, quiet
// moves by history, losing captures. Within a stage, best first by selection.
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
  // How many moves the node has.
  std::size_t size() const { return generated_; }
  // From now on, only captures, promotions, killers and the counter move.
  void skip_quiets();

 private:
  enum class Stage { Captures, Quiets, BadCaptures, Done };

  void start_quiets();
  int quiet_score(chaturanga::Move m) const;
  bool quiet_is_special(chaturanga::Move m) const;
  chaturanga::Move take_best();

  const chaturanga::Position& pos_;
  const History& history_;
  const ContRows rows_;
  const chaturanga::Move killers_[2];
  const chaturanga::Move counter_;
  chaturanga::MoveList list_;  // the hash move and captures, then the quiet moves
  int scores_[chaturanga::MoveList::CAPACITY];
  std::size_t generated_ = 0;
  std::size_t captures_end_ = 0;  // end of the hash move and captures
  std::size_t bad_begin_ = 0;     // first losing capture, once the captures stage is over
  std::size_t cursor_ = 0;
  std::size_t end_ = 0;  // end of the current stage's moves
  Stage stage_ = Stage::Captures;
  int last_score_ = 0;
  bool last_capture_ = false;
  bool skip_quiets_ = false;
};

}  // namespace search::chaturanga
