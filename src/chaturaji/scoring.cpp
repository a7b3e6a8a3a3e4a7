#include "chaturaji/scoring.h"

namespace chaturaji {

int capture_value(const Position& pos, Piece captured) {
  const PieceType k = type_of(captured);
  if (k == KING || pos.is_in(seat_of(captured))) return pos.rules().value[k];
  return 0;
}

int newly_threatened(const Position& before, const Position& after, int mover) {
  int count = 0;
  const Bitboard occ_before = before.pieces();
  const Bitboard occ_after = after.pieces();
  for (int e = 0; e < SEAT_COUNT; ++e) {
    if (e == mover || !after.is_in(e) || !after.has_king(e)) continue;
    const Square king = core::lsb(after.pieces(e, KING));
    for (int d = 0; d < SEAT_COUNT; ++d) {
      if (d == e || !after.is_in(d)) continue;
      const Bitboard now = after.attackers_to(king, seat_bit(d), occ_after);
      if (!now) continue;
      const Bitboard then = before.is_in(d) ? before.attackers_to(king, seat_bit(d), occ_before) : 0;
      if (now & ~then) {
        ++count;
        break;
      }
    }
  }
  return count;
}

int other_kings_on_board(const Position& pos, int seat) {
  return core::popcount(pos.pieces(KING) & ~pos.pieces(seat));
}

std::array<int, SEAT_COUNT> final_scores(const Position& pos, Ending how) {
  std::array<int, SEAT_COUNT> s{};
  for (int i = 0; i < SEAT_COUNT; ++i) s[i] = pos.score(i);
  if (pos.variant() != Variant::Points) return s;
  switch (how) {
    case Ending::Draw:
      for (int i = 0; i < SEAT_COUNT; ++i)
        if (pos.is_in(i)) s[i] += 2;
      break;
    case Ending::Claim:
      if (pos.claimant() >= 0) s[pos.claimant()] += 3 * other_kings_on_board(pos, pos.claimant());
      break;
    case Ending::LastPlayer:
      for (int i = 0; i < SEAT_COUNT; ++i)
        if (pos.is_in(i)) s[i] += 3 * other_kings_on_board(pos, i);
      break;
  }
  return s;
}

bool may_claim(const Position& pos) {
  if (pos.variant() != Variant::Points || pos.in_count() != 2) return false;
  const int us = pos.turn();
  int other = -1;
  for (int i = 0; i < SEAT_COUNT; ++i)
    if (i != us && pos.is_in(i)) other = i;
  if (other < 0 || !pos.is_in(us)) return false;
  const RuleSet& r = pos.rules();
  int reachable = 0;
  for (Bitboard b = pos.pieces(us); b;) reachable += r.value[type_of(pos.piece_on(core::pop_lsb(b)))];
  for (Bitboard b = pos.pieces(KING) & ~pos.pieces(us) & ~pos.pieces(other); b; core::pop_lsb(b))
    reachable += r.value[KING];
  return pos.score(other) + reachable <= pos.score(us);
}

bool claim_wins(const Position& pos) {
  if (pos.variant() != Variant::Points || !may_claim(pos)) return false;
  const auto scores = final_scores(pos, Ending::Claim);
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (s != pos.turn() && scores[std::size_t(s)] >= scores[std::size_t(pos.turn())]) return false;
  return true;
}

}  // namespace chaturaji
