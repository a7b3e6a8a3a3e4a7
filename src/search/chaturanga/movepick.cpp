#include "search/chaturanga/movepick.h"

#include "search/chaturanga/see.h"

namespace search::chaturanga {

using namespace chaturanga;

namespace {

constexpr int TT_MOVE = 1 << 30;
constexpr int GOOD_CAPTURE = 1 << 28;
constexpr int PROMOTION = 1 << 27;
constexpr int KILLER = 1 << 26;
constexpr int BAD_CAPTURE = -(1 << 28);

}  // namespace

MovePicker::MovePicker(const Position& pos, Move tt_move, const History& history, int ply, Move prev,
                       bool captures_only, const ContRows& rows)
    : pos_(pos) {
  if (captures_only)
    generate<GenKind::Captures>(pos, list_);
  else
    generate<GenKind::All>(pos, list_);
  const Color us = pos.side_to_move();
  const Move counter = prev ? history.counter[prev.from()][prev.to()] : Move::none();
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const Move m = list_[i];
    const Piece victim = pos.is_capture(m) ? pos.piece_on(m.to()) : NO_PIECE;
    int& s = scores_[i];
    if (m == tt_move) {
      s = TT_MOVE;
    } else if (victim != NO_PIECE) {
      const PieceType attacker = type_of(pos.piece_on(m.from()));
      const int mvv_lva = SEE_VALUE[type_of(victim)] * 8 - SEE_VALUE[attacker] / 16;
      const bool winning = SEE_VALUE[type_of(victim)] >= SEE_VALUE[attacker] || see_ge(pos, m, 0);
      s = (winning ? GOOD_CAPTURE : BAD_CAPTURE) + mvv_lva;
    } else if (m.is_promotion()) {
      s = PROMOTION;
    } else if (m == history.killers[ply][0]) {
      s = KILLER + 2;
    } else if (m == history.killers[ply][1]) {
      s = KILLER + 1;
    } else if (m == counter) {
      s = KILLER;
    } else {
      s = history.score(us, m, rows, cont_key(pos, m));
    }
  }
}

// The quiet moves not yet handed out leave the list at once, so that each
// later pick scans only what is still to come.
void MovePicker::skip_quiets() {
  if (skip_quiets_) return;
  skip_quiets_ = true;
  std::size_t kept = cursor_;
  for (std::size_t i = cursor_; i < list_.size(); ++i) {
    const Move m = list_[i];
    if (!pos_.is_capture(m) && !m.is_promotion() && scores_[i] < KILLER) continue;
    list_.begin()[kept] = m;
    scores_[kept++] = scores_[i];
  }
  list_.truncate(kept);
}

Move MovePicker::next() {
  if (cursor_ >= list_.size()) return Move::none();
  std::size_t best = cursor_;
  for (std::size_t i = cursor_ + 1; i < list_.size(); ++i)
    if (scores_[i] > scores_[best]) best = i;
  std::swap(list_.begin()[cursor_], list_.begin()[best]);
  std::swap(scores_[cursor_], scores_[best]);
  const Move m = list_[cursor_];
  last_score_ = scores_[cursor_++];
  last_capture_ = pos_.is_capture(m);
  return m;
}

}  // namespace search::chaturanga
