#include "search/chaturaji/eval.h"

#include <algorithm>

namespace search::chaturaji {

namespace {

using core::Leaper;

// Steps a pawn on sq has made from its starting line towards its far edge.
int pawn_steps(core::Heading h, Square sq) {
  switch (h) {
    case core::Heading::North: return core::rank_of(sq) - 1;
    case core::Heading::South: return 6 - core::rank_of(sq);
    case core::Heading::East: return core::file_of(sq) - 1;
    case core::Heading::West: return 6 - core::file_of(sq);
  }
  return 0;
}

struct Army {
  int material = 0;
  int activity = 0;  // mobility and pawn progress
  Bitboard attacks = 0;
  std::array<Bitboard, 4> by_face{};  // attacks by die face 2..5 (dice)
};

Army army_of(const Position& pos, int seat, const EvalParams& p) {
  const RuleSet& r = pos.rules();
  const Bitboard occ = pos.pieces();
  const Bitboard own = pos.pieces(seat);
  Army a;
  for (Bitboard b = own; b;) {
    const Square sq = core::pop_lsb(b);
    const PieceType k = type_of(pos.piece_on(sq));
    const Bitboard att = piece_attacks(r, seat, k, sq, occ);
    a.attacks |= att;
    a.by_face[std::size_t(die_face(k) - 2)] |= att;
    a.material += p.piece[k];
    if (k == PAWN)
      a.activity += p.pawn_step * pawn_steps(pawn_heading(r, seat), sq);
    else if (k != KING)
      a.activity += p.mobility * core::popcount(att & ~own);
  }
  return a;
}

// Penalty for enemy pressure on `seat`'s kings, given every live seat's attacks.
int king_danger(const Position& pos, int seat, SeatMask enemies,
                const std::array<Bitboard, SEAT_COUNT>& attacks, const EvalParams& p) {
  int danger = 0;
  for (Bitboard kings = pos.pieces(seat, KING); kings;) {
    const Square k = core::pop_lsb(kings);
    const Bitboard zone = core::leaper_attacks(Leaper::King, k);
    for (int e = 0; e < SEAT_COUNT; ++e) {
      if (!(enemies & seat_bit(e))) continue;
      danger += p.king_zone * core::popcount(attacks[e] & zone);
      if (attacks[e] & core::square_bb(k)) danger += p.king_attacked;
    }
  }
  return danger;
}

// What `seat` stands to lose to enemy attacks before it moves again: the
// threat share of its most valuable attacked piece (a king with its army).
int threatened(const Position& pos, int seat, SeatMask enemies,
               const std::array<Bitboard, SEAT_COUNT>& attacks, int army, const EvalParams& p) {
  Bitboard hit = 0;
  for (int e = 0; e < SEAT_COUNT; ++e)
    if (enemies & seat_bit(e)) hit |= attacks[e];
  hit &= pos.pieces(seat);
  int worst = 0;
  while (hit) {
    const Square sq = core::pop_lsb(hit);
    const PieceType k = type_of(pos.piece_on(sq));
    worst = std::max(worst, k == KING && !core::more_than_one(pos.pieces(seat, KING)) ? army : p.piece[k]);
  }
  return worst * p.threat / 100;
}

// The faces (bit f for face f + 2) of `e`'s pieces that could step to a
// square attacking `king` and take it next: a double of that face does it.
// Pawns are left out; the line a piece opens by leaving is not looked at.
int double_faces(const Position& pos, int e, Square king) {
  const RuleSet& r = pos.rules();
  const Bitboard occ = pos.pieces();
  int faces = 0;
  for (Bitboard b = pos.pieces(e) & ~pos.pieces(PAWN); b;) {
    const Square sq = core::pop_lsb(b);
    const PieceType k = type_of(pos.piece_on(sq));
    const Bitboard reach = piece_attacks(r, e, k, sq, occ) & ~pos.pieces(e);
    if (reach & piece_attacks(r, e, k, king, occ)) faces |= 1 << (die_face(k) - 2);
  }
  return faces;
}

// `dice`: the chance that `seat`'s only king is taken before `seat` moves
// again, in 1/256, when the board stays as it is: each enemy who moves first
// takes it when its throw shows a face of a piece that attacks the king, or a
// double of a face whose piece gets to attack it in one move (the rest of its
// dice when it is in the middle of its turn).
int king_loss_chance(const Position& pos, int seat, const std::array<Army, SEAT_COUNT>& armies) {
  const Bitboard king = pos.pieces(seat, KING);
  if (!king || core::more_than_one(king)) return 0;
  int survive = 256;
  const bool mid_turn = pos.moves_this_turn() != 0 || pos.dice_left() != 3;
  for (int e = pos.turn(), step = 0; e != seat && step < SEAT_COUNT; e = pos.next_mover(e), ++step) {
    if (((e ^ seat) & 1) == 0 || !pos.is_in(e)) continue;
    int faces = 0;
    bool hit = false;
    for (int f = 0; f < 4; ++f) {
      if (!(armies[e].by_face[std::size_t(f)] & king)) continue;
      faces |= 1 << f;
      if (e == pos.turn() && mid_turn) {
        const Throw t = pos.dice();
        hit |= ((pos.dice_left() & 1) && t.first == f + 2) || ((pos.dice_left() & 2) && t.second == f + 2);
      }
    }
    if (e == pos.turn() && mid_turn) {
      if (hit) return 256;
      continue;
    }
    const int doubles = double_faces(pos, e, core::lsb(king)) & ~faces;
    if (!faces && !doubles) continue;
    const int miss = 4 - std::popcount(unsigned(faces));
    survive = survive * (miss * miss - std::popcount(unsigned(doubles))) / 16;
  }
  return 256 - survive;
}

// Team evaluation shared by `teams` and `dice`: armies of seats still in,
// and, for dice, half an army that may still come back.
int team_balance(const Position& pos, int seat, const EvalParams& p) {
  std::array<Army, SEAT_COUNT> armies{};
  std::array<Bitboard, SEAT_COUNT> attacks{};
  const SeatMask live = pos.in();
  for (int s = 0; s < SEAT_COUNT; ++s) {
    if (!(live & seat_bit(s)) && !(pos.reentry() & seat_bit(s))) continue;
    armies[s] = army_of(pos, s, p);
    if (live & seat_bit(s)) attacks[s] = armies[s].attacks;
  }
  int total = 0;
  for (int s = 0; s < SEAT_COUNT; ++s) {
    const int sign = ((s ^ seat) & 1) ? -1 : 1;
    int v = 0;
    if (live & seat_bit(s)) {
      const SeatMask enemies = SeatMask(enemies_of(true, s) & live);
      v = armies[s].material + armies[s].activity - king_danger(pos, s, enemies, attacks, p);
      if (p.threat && s != pos.turn()) v -= threatened(pos, s, enemies, attacks, armies[s].material, p);
      if (p.king_risk) {
        const int partner = partner_of(s);
        const int army = armies[s].material + armies[s].activity;
        const int loss = pos.has_king(partner) || (pos.reentry() & seat_bit(partner)) ? army : EVAL_LIMIT;
        v -= king_loss_chance(pos, s, armies) * loss / 256 * p.king_risk / 100;
      }
    } else if (pos.reentry() & seat_bit(s)) {
      v = (armies[s].material + p.piece[KING]) / 2;
    }
    v += p.points * pos.score(s);
    total += sign * v;
  }
  return std::clamp(total, -EVAL_LIMIT, EVAL_LIMIT);
}

}  // namespace

int evaluate_teams(const Position& pos, int seat, const EvalParams& p) { return team_balance(pos, seat, p); }

int evaluate_dice(const Position& pos, int seat, const EvalParams& p) { return team_balance(pos, seat, p); }

std::array<int, SEAT_COUNT> seat_worths(const Position& pos, const EvalParams& p) {
  std::array<Army, SEAT_COUNT> armies{};
  std::array<Bitboard, SEAT_COUNT> attacks{};
  const SeatMask live = pos.in();
  for (int s = 0; s < SEAT_COUNT; ++s) {
    if (!(live & seat_bit(s))) continue;
    armies[s] = army_of(pos, s, p);
    attacks[s] = armies[s].attacks;
  }
  std::array<int, SEAT_COUNT> worth{};
  for (int s = 0; s < SEAT_COUNT; ++s) {
    worth[s] = p.points * pos.score(s);
    if (live & seat_bit(s))
      worth[s] += armies[s].material + armies[s].activity -
                  king_danger(pos, s, SeatMask(live & ~seat_bit(s)), attacks, p);
  }
  return worth;
}

int evaluate_points(const Position& pos, int seat, const EvalParams& p) {
  const auto worth = seat_worths(pos, p);
  int best_other = -1000000;
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (s != seat) best_other = std::max(best_other, worth[s]);
  return worth[seat] - best_other;
}

int evaluate(const Position& pos, int seat) {
  switch (pos.variant()) {
    case Variant::Teams: return evaluate_teams(pos, seat);
    case Variant::Dice: return evaluate_dice(pos, seat);
    case Variant::Points: return evaluate_points(pos, seat);
  }
  return 0;
}

int capture_gain(const Position& pos, Move m) {
  if (!m.is_board_move()) return 0;
  static constexpr std::array<int, PIECE_TYPE_COUNT> ORDER{100, 300, 200, 500, 500, 5000};
  const Piece victim = pos.piece_on(m.to());
  int gain = m.is_promotion() ? ORDER[m.promoted_to()] - ORDER[PAWN] : 0;
  if (victim != NO_PIECE) gain += ORDER[type_of(victim)] * (pos.is_in(seat_of(victim)) ? 1 : 0) + 1;
  if (gain > 0) gain = gain * 8 - ORDER[type_of(pos.piece_on(m.from()))] / 100;
  return gain;
}

}  // namespace search::chaturaji
