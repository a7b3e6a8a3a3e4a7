#include "chaturanga/legality.h"

#include "chaturanga/family_moves.h"

namespace chaturanga {

namespace {

// The drops that are legal; Sittuyin's set-up must come first.
void legal_drops(const Position& pos, MoveList& list, const KingSafety* ks) {
  const std::size_t first = list.size();
  generate_drops(pos, list);
  if (ks) list.keep_if(first, [&](Move m) { return is_legal(pos, m, *ks); });
}

}  // namespace

KingSafety king_safety(const Position& pos) {
  const Color us = pos.side_to_move();
  KingSafety ks;
  ks.king = pos.king_square(us);
  ks.checkers = pos.attackers_to(ks.king, ~us);
  Bitboard snipers = core::rook_attacks(ks.king, 0) & pos.pieces(~us, CHARIOT);
  while (snipers) {
    const Square s = core::pop_lsb(snipers);
    const Bitboard between =
        core::rook_attacks(ks.king, core::square_bb(s)) & core::rook_attacks(s, core::square_bb(ks.king));
    const Bitboard blockers = between & pos.pieces();
    if (!blockers || core::more_than_one(blockers) || !(blockers & pos.pieces(us))) continue;
    ks.pinned |= blockers;
    ks.pinned_square[ks.pins] = core::lsb(blockers);
    ks.pin_ray[ks.pins++] = between | core::square_bb(s);
  }
  return ks;
}

bool is_legal(const Position& pos, Move m, const KingSafety& ks) {
  const Color them = ~pos.side_to_move();
  const Square to = m.to();
  const Bitboard to_bb = core::square_bb(to);
  if (m.is_drop()) {
    if (!ks.checkers) return true;
    return !(pos.attackers_to(ks.king, them, pos.pieces() | to_bb) & ~to_bb);
  }
  const Square from = m.from();
  const Bitboard from_bb = core::square_bb(from);
  if (from == ks.king && from != to) return !pos.attackers_to(to, them, pos.pieces() ^ from_bb);
  if (!ks.checkers && !(ks.pinned & from_bb)) return true;
  const Bitboard occupied = (pos.pieces() ^ from_bb) | to_bb;
  return !(pos.attackers_to(ks.king, them, occupied) & ~to_bb);
}

std::optional<Color> shatranj_bare_king_loser(const Position& pos) {
  const Color to_move = pos.side_to_move();
  const Color mover = ~to_move;
  const int mover_count = core::popcount(pos.pieces(mover));
  const int other_count = core::popcount(pos.pieces(to_move));
  if (mover_count <= 1 && other_count >= 2) return mover;
  // The side to move, bare, still has its reply unless two pieces bared it.
  if (other_count <= 1 && mover_count >= 3) return to_move;
  return std::nullopt;
}

template <GenKind Kind>
void generate_legal(const Position& pos, MoveList& list) {
  if (game_stopped(pos)) return;
  const RuleSet& r = pos.rules();
  const Color us = pos.side_to_move();
  const bool royal = r.royal_king && pos.has_king(us);
  const KingSafety ks = royal ? king_safety(pos) : KingSafety{};
  const std::size_t first = list.size();
  if (r.drops && pos.has_hand(us)) {
    // While a drop is possible, nothing else may be played.
    legal_drops(pos, list, royal ? &ks : nullptr);
    if (list.size() > first) {
      if constexpr (Kind == GenKind::Captures) list.truncate(first);
      return;
    }
  }
  generate_pseudo<Kind>(pos, list);
  if constexpr (Kind != GenKind::Captures) {
    if (r.first_moves) generate_first_moves(pos, list, ks.checkers != 0);
    if (r.sittuyin_promotion) generate_sittuyin_promotions(pos, list);
  }
  if (royal) list.keep_if(first, [&](Move m) { return is_legal(pos, m, ks); });
}

template void generate_legal<GenKind::All>(const Position&, MoveList&);
template void generate_legal<GenKind::Captures>(const Position&, MoveList&);
template void generate_legal<GenKind::Quiets>(const Position&, MoveList&);

}  // namespace chaturanga
