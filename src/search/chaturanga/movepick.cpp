#include "search/chaturanga/movepick.h"

#include <algorithm>

#include "search/chaturanga/see.h"

namespace search::chaturanga {

namespace {

constexpr int TT_MOVE = 1 << 30;
constexpr int GOOD_CAPTURE = 1 << 28;
constexpr int PROMOTION = 1 << 27;
constexpr int KILLER = 1 << 26;
constexpr int BAD_CAPTURE = -(1 << 28);

int capture_score(const Position& pos, Move m) {
  const PieceType victim = type_of(pos.piece_on(m.to()));
  const PieceType attacker = type_of(pos.piece_on(m.from()));
  const int mvv_lva = SEE_VALUE[victim] * 8 - SEE_VALUE[attacker] / 16;
  const bool winning = SEE_VALUE[victim] >= SEE_VALUE[attacker] || see_ge(pos, m, 0);
  return (winning ? GOOD_CAPTURE : BAD_CAPTURE) + mvv_lva;
}

}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, const History& history, int ply, Move prev,
                       bool captures_only, const ContRows& rows)
    : pos_(pos),
      history_(history),
      rows_(rows),
      killers_{history.killers[ply][0], history.killers[ply][1]},
      counter_(prev ? history.counter[prev.from()][prev.to()] : Move::none()) {
  if (captures_only)
    generate<GenKind::Captures>(pos, list_);
  else
    generate<GenKind::All>(pos, list_);
  generated_ = list_.size();
  // The hash move and the captures to the front, the quiet moves after them,
  // each in the order generated.
  Move quiets[MoveList::CAPACITY];
  std::size_t quiet_count = 0;
  for (std::size_t i = 0; i < generated_; ++i) {
    const Move m = list_[i];
    if (m == tt_move) {
      scores_[captures_end_] = TT_MOVE;
    } else if (pos.is_capture(m)) {
      scores_[captures_end_] = capture_score(pos, m);
    } else {
      quiets[quiet_count++] = m;
      continue;
    }
    list_.begin()[captures_end_++] = m;
  }
  std::copy(quiets, quiets + quiet_count, list_.begin() + captures_end_);
  end_ = captures_end_;
}

bool MovePicker::quiet_is_special(Move m) const {
  return m.is_promotion() || m == killers_[0] || m == killers_[1] || m == counter_;
}

int MovePicker::quiet_score(Move m) const {
  if (m.is_promotion()) return PROMOTION;
  if (m == killers_[0]) return KILLER + 2;
  if (m == killers_[1]) return KILLER + 1;
  if (m == counter_) return KILLER;
  return history_.score(pos_.side_to_move(), m, rows_, cont_key(pos_, m));
}

// The quiet moves are scored now, with what the history has learnt from the
// moves tried before them; once quiet moves are skipped, only the special
// ones are kept.
void MovePicker::start_quiets() {
  stage_ = Stage::Quiets;
  bad_begin_ = cursor_;
  cursor_ = captures_end_;
  std::size_t kept = captures_end_;
  for (std::size_t i = captures_end_; i < list_.size(); ++i) {
    const Move m = list_[i];
    if (skip_quiets_ && !quiet_is_special(m)) continue;
    list_.begin()[kept] = m;
    scores_[kept++] = quiet_score(m);
  }
  list_.truncate(kept);
  end_ = kept;
}

// The quiet moves not yet handed out leave the list at once, so that each
// later pick scans only what is still to come.
void MovePicker::skip_quiets() {
  if (skip_quiets_) return;
  skip_quiets_ = true;
  if (stage_ != Stage::Quiets) return;  // before: start_quiets keeps only the special ones
  std::size_t kept = cursor_;
  for (std::size_t i = cursor_; i < end_; ++i) {
    if (!quiet_is_special(list_[i])) continue;
    list_.begin()[kept] = list_[i];
    scores_[kept++] = scores_[i];
  }
  list_.truncate(kept);
  end_ = kept;
}

// The best of the current stage's moves, swapped to the cursor.
Move MovePicker::take_best() {
  std::size_t best = cursor_;
  for (std::size_t i = cursor_ + 1; i < end_; ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(list_.begin()[cursor_], list_.begin()[best]);
  std::swap(scores_[cursor_], scores_[best]);
  return list_[cursor_];
}

Move MovePicker::next() {
  for (;;) {
    if (cursor_ < end_) {
      const Move m = take_best();
      // Among the captures, the first losing one means only losing ones are
      // left: they wait until the quiet moves are done.
      if (stage_ != Stage::Captures || scores_[cursor_] >= 0) {
        last_score_ = scores_[cursor_++];
        last_capture_ = pos_.is_capture(m);
        return m;
      }
    }
    switch (stage_) {
      case Stage::Captures: start_quiets(); break;
      case Stage::Quiets:
        stage_ = Stage::BadCaptures;
        cursor_ = bad_begin_;
        end_ = captures_end_;
        break;
      case Stage::BadCaptures: stage_ = Stage::Done; return Move::none();
      case Stage::Done: return Move::none();
    }
  }
}

}  // namespace search::chaturanga
