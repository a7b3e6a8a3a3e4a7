#include "chaturaji/position.h"

#include "chaturaji/movegen.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

using core::Leaper;

Bitboard piece_attacks(const RuleSet& r, int seat, PieceType k, Square sq, Bitboard occupied) {
  switch (k) {
    case PAWN: return core::pawn_attacks(pawn_heading(r, seat), sq);
    case KNIGHT: return core::leaper_attacks(Leaper::Knight, sq);
    case BOAT: return core::leaper_attacks(Leaper::Alfil, sq);
    case ROOK: return core::rook_attacks(sq, occupied);
    case BISHOP: return core::bishop_attacks(sq, occupied);
    case KING: return core::leaper_attacks(Leaper::King, sq);
  }
  return 0;
}

Square king_start(const RuleSet& r, int seat) { return turn_to_edge(r.edge[seat], core::make_square(3, 0)); }

Position Position::empty(Variant v) {
  core::init();
  Position pos;
  pos.board_.fill(NO_PIECE);
  for (Bitboard& b : pos.by_seat_) b = 0;
  for (Bitboard& b : pos.by_type_) b = 0;
  pos.variant_ = v;
  pos.ring_[0] = Throw{2, 2};
  return pos;
}

Position Position::start(Variant v) {
  Position pos = empty(v);
  const RuleSet& r = pos.rules();
  for (int seat = 0; seat < SEAT_COUNT; ++seat) {
    for (int i = 0; i < 4; ++i) {
      pos.put(make_piece(seat, r.back_row[i]), turn_to_edge(r.edge[seat], core::make_square(i, 0)));
      pos.put(make_piece(seat, PAWN), turn_to_edge(r.edge[seat], core::make_square(i, 1)));
    }
  }
  return pos;
}

Bitboard Position::pieces_of(SeatMask seats) const {
  Bitboard b = 0;
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (seats & seat_bit(s)) b |= by_seat_[s];
  return b;
}

bool Position::die_allows(PieceType k) const {
  const int f = die_face(k);
  const Throw t = dice();
  return ((dice_left_ & 1) && t.first == f) || ((dice_left_ & 2) && t.second == f);
}

Bitboard Position::attackers_to(Square sq, SeatMask by, Bitboard occupied) const {
  const Bitboard theirs = pieces_of(by);
  Bitboard a = (core::leaper_attacks(Leaper::Knight, sq) & by_type_[KNIGHT]) |
               (core::leaper_attacks(Leaper::King, sq) & by_type_[KING]) |
               (core::leaper_attacks(Leaper::Alfil, sq) & by_type_[BOAT]) |
               (core::rook_attacks(sq, occupied) & by_type_[ROOK]) |
               (core::bishop_attacks(sq, occupied) & by_type_[BISHOP]);
  a &= theirs;
  const RuleSet& r = rules();
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (by & seat_bit(s)) a |= core::pawn_attacks(opposite(pawn_heading(r, s)), sq) & pieces(s, PAWN);
  return a;
}

int Position::next_mover(int seat) const {
  const SeatMask mask = movers();
  for (int i = 1; i <= SEAT_COUNT; ++i) {
    const int t = (seat + i) & 3;
    if (mask & seat_bit(t)) return t;
  }
  return seat;
}

void Position::put(Piece p, Square sq) {
  if (board_[sq] != NO_PIECE) remove(sq);
  board_[sq] = p;
  by_seat_[seat_of(p)] |= core::square_bb(sq);
  by_type_[type_of(p)] |= core::square_bb(sq);
  piece_key_ ^= piece_key(p, sq);
}

void Position::remove(Square sq) {
  const Piece p = board_[sq];
  if (p == NO_PIECE) return;
  board_[sq] = NO_PIECE;
  by_seat_[seat_of(p)] &= ~core::square_bb(sq);
  by_type_[type_of(p)] &= ~core::square_bb(sq);
  piece_key_ ^= piece_key(p, sq);
}

void Position::set_throws(const Throw* throws, int count, int dice_left) {
  ring_size_ = std::uint8_t(count < 1 ? 1 : (count > RING_CAPACITY ? RING_CAPACITY : count));
  for (int i = 0; i < ring_size_; ++i) ring_[i] = count < 1 ? Throw{2, 2} : throws[i];
  ring_pos_ = 0;
  dice_left_ = std::uint8_t(dice_left);
}

void Position::set_dice(Throw t, int dice_left) {
  ring_[ring_pos_] = t;
  dice_left_ = std::uint8_t(dice_left);
}

void Position::move_piece(Square from, Square to, Piece p, Piece captured) {
  const Bitboard from_to = core::square_bb(from) | core::square_bb(to);
  if (captured != NO_PIECE) {
    by_seat_[seat_of(captured)] ^= core::square_bb(to);
    by_type_[type_of(captured)] ^= core::square_bb(to);
    piece_key_ ^= piece_key(captured, to);
  }
  by_seat_[seat_of(p)] ^= from_to;
  by_type_[type_of(p)] ^= from_to;
  board_[from] = NO_PIECE;
  board_[to] = p;
  piece_key_ ^= piece_key(p, from) ^ piece_key(p, to);
}

void Position::end_turn(bool irreversible) {
  clock_ = (irreversible || turn_irreversible_) ? 0 : std::uint16_t(clock_ + 1);
  turn_irreversible_ = false;
  moves_this_turn_ = 0;
  turn_ = std::uint8_t(next_mover(turn_));
  if (variant_ == Variant::Dice) {
    ring_pos_ = std::uint8_t((ring_pos_ + 1) % ring_size_);
    dice_left_ = 3;
  }
}

void Position::play_board_only(Move m) {
  if (m.is_board_move()) {
    const Square from = m.from();
    const Square to = m.to();
    const Piece p = board_[from];
    const Piece captured = board_[to];
    move_piece(from, to, p, captured);
    if (m.is_promotion()) {
      remove(to);
      put(make_piece(seat_of(p), m.promoted_to()), to);
    }
    if (captured != NO_PIECE && type_of(captured) == KING && !has_king(seat_of(captured)))
      in_ &= SeatMask(~seat_bit(seat_of(captured)));
  }
  turn_ = std::uint8_t(next_mover(turn_));
}

void Position::play(Move m) {
  switch (variant_) {
    case Variant::Points: play_points(m); break;
    case Variant::Teams: play_teams(m); break;
    case Variant::Dice: play_dice(m); break;
  }
}

void Position::play_points(Move m) {
  const int us = turn_;
  switch (m.type()) {
    case Move::Pass: end_turn(false); return;
    case Move::Resign:
    case Move::Timeout: resign_turn(us); return;
    case Move::Claim: claimant_ = std::int8_t(us); return;
    case Move::Drop: return;
    default: break;
  }
  const Position before = *this;
  const Piece p = board_[m.from()];
  const Piece captured = board_[m.to()];
  if (captured != NO_PIECE) score_[us] += std::int16_t(capture_value(*this, captured));
  play_board_only(m);
  score_[us] += std::int16_t(check_bonus(newly_threatened(before, *this, us)));
  turn_ = before.turn_;
  end_turn(captured != NO_PIECE || type_of(p) == PAWN);
}

// A resignation or a lost time: the seat is out, and its turn ends.
void Position::resign_turn(int seat) {
  resigned_ |= seat_bit(seat);
  in_ &= SeatMask(~seat_bit(seat));
  end_turn(false);
}

void Position::play_teams(Move m) {
  const int us = turn_;
  switch (m.type()) {
    case Move::Pass: end_turn(false); return;
    case Move::Resign:
    case Move::Timeout: resign_turn(us); return;
    case Move::Claim:
    case Move::Drop: return;
    default: break;
  }
  const Piece p = board_[m.from()];
  const Piece captured = board_[m.to()];
  play_board_only(m);
  turn_ = std::uint8_t(us);
  end_turn(captured != NO_PIECE || type_of(p) == PAWN);
}

void Position::capture_king_dice(int owner) {
  ++kings_lost_[owner];
  in_ &= SeatMask(~seat_bit(owner));
  reentry_ &= SeatMask(~seat_bit(owner));
  const int partner = partner_of(turn_);
  if (!is_in(partner) && kings_lost_[partner] < 2 && !(resigned_ & seat_bit(partner)))
    reentry_ |= seat_bit(partner);
}

void Position::play_dice(Move m) {
  const int us = turn_;
  switch (m.type()) {
    case Move::Pass: end_turn(false); return;
    case Move::Resign:
    case Move::Timeout:
      reentry_ &= SeatMask(~seat_bit(us));
      resign_turn(us);
      return;
    case Move::Claim: return;
    case Move::Drop:
      put(make_piece(us, KING), m.to());
      in_ |= seat_bit(us);
      reentry_ &= SeatMask(~seat_bit(us));
      end_turn(false);
      return;
    default: break;
  }
  const Square to = m.to();
  const Piece p = board_[m.from()];
  const Piece captured = board_[to];
  const int face = die_face(type_of(p));
  if ((dice_left_ & 1) && dice().first == face)
    dice_left_ &= 2;
  else
    dice_left_ &= 1;
  move_piece(m.from(), to, p, captured);
  if (m.is_promotion()) {
    remove(to);
    put(make_piece(us, m.promoted_to()), to);
  }
  if (captured != NO_PIECE && type_of(captured) == KING && !has_king(seat_of(captured)))
    capture_king_dice(seat_of(captured));
  if (type_of(p) == KING) {
    for (int e = 0; e < SEAT_COUNT; ++e) {
      if (!(enemies_of(true, us) & seat_bit(e)) || (thrones_[us] & seat_bit(e))) continue;
      if (to != king_start(rules(), e)) continue;
      const int stake = captured == make_piece(e, KING) ? 2 : 1;
      score_[us] += std::int16_t(stake);
      score_[e] -= std::int16_t(stake);
      thrones_[us] |= seat_bit(e);
    }
  }
  turn_irreversible_ = turn_irreversible_ || captured != NO_PIECE || type_of(p) == PAWN;
  ++moves_this_turn_;
  if (dice_left_ == 0 || !has_king(us)) {
    end_turn(false);
    return;
  }
  MoveList rest;
  generate(*this, rest);
  if (rest.size() == 1 && rest[0].type() == Move::Pass) end_turn(false);
}

core::Key Position::key() const {
  const auto& z = core::ZOBRIST;
  core::Key k = piece_key_ ^ z.side[turn_];
  for (int s = 0; s < SEAT_COUNT; ++s) {
    if (in_ & seat_bit(s)) k ^= z.extra[s];
    if (reentry_ & seat_bit(s)) k ^= z.extra[4 + s];
    for (int e = 0; e < SEAT_COUNT; ++e)
      if (thrones_[s] & seat_bit(e)) k ^= z.extra[28 + s * 4 + e];
  }
  if (variant_ == Variant::Dice) {
    const Throw t = dice();
    k ^= z.extra[8 + (t.first - 2) * 4 + (t.second - 2)] ^ z.extra[24 + dice_left_];
  }
  return k;
}

bool Position::operator==(const Position& o) const {
  if (board_ != o.board_ || variant_ != o.variant_ || turn_ != o.turn_ || in_ != o.in_ ||
      score_ != o.score_ || clock_ != o.clock_ || resigned_ != o.resigned_ || reentry_ != o.reentry_ ||
      claimant_ != o.claimant_ || kings_lost_ != o.kings_lost_ || thrones_ != o.thrones_ ||
      dice_left_ != o.dice_left_ || ring_size_ != o.ring_size_ || ring_pos_ != o.ring_pos_ ||
      moves_this_turn_ != o.moves_this_turn_)
    return false;
  for (int i = 0; i < ring_size_; ++i)
    if (!(ring_[i] == o.ring_[i])) return false;
  return true;
}

}  // namespace chaturaji
