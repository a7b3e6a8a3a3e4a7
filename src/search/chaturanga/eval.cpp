#include "search/chaturanga/eval.h"

#include <algorithm>
#include <cstdlib>

#include "search/chaturanga/builtin_networks.h"
#include "search/chaturanga/eval_params.h"
#include "search/chaturanga/network.h"
#include "search/chaturanga/network_line.h"

namespace search::chaturanga {

using namespace chaturanga;
using core::Heading;

namespace {

constexpr int PHASE_WEIGHT[PIECE_TYPE_COUNT] = {0, 2, 1, 4, 1, 0};

// What an elephant is worth beyond the tuned alfil's weights where the rule
// set moves it otherwise, an untuned prior until each game has weights of
// its own: Makruk's khon (silver) close to a horse, as in Fairy-Stockfish's
// piece values; the dabbaba, like the alfil bound to a quarter of the
// board, as an alfil. By Elephant.
constexpr S ELEPHANT_EXTRA[3] = {{0, 0}, {280, 300}, {0, 0}};

struct PawnMasks {
  Bitboard passed[COLOR_COUNT][64];  // squares ahead on this and adjacent files
  Bitboard adjacent_files[8];
};

PawnMasks make_pawn_masks() {
  PawnMasks m{};
  for (int f = 0; f < 8; ++f)
    m.adjacent_files[f] = (f > 0 ? core::file_bb(f - 1) : 0) | (f < 7 ? core::file_bb(f + 1) : 0);
  for (int sq = 0; sq < 64; ++sq) {
    const int f = sq & 7;
    const int r = sq >> 3;
    const Bitboard files = core::file_bb(f) | m.adjacent_files[f];
    Bitboard ahead_white = 0;
    Bitboard ahead_black = 0;
    for (int rr = r + 1; rr < 8; ++rr) ahead_white |= core::rank_bb(rr);
    for (int rr = r - 1; rr >= 0; --rr) ahead_black |= core::rank_bb(rr);
    m.passed[WHITE][sq] = files & ahead_white;
    m.passed[BLACK][sq] = files & ahead_black;
  }
  return m;
}

const PawnMasks PAWN_MASKS = make_pawn_masks();

Bitboard pawn_attack_set(const Position& pos, Color c) {
  const Bitboard forward = core::shift(pawn_heading(c), pos.pieces(c, PAWN));
  return core::shift(Heading::East, forward) | core::shift(Heading::West, forward);
}

int relative(Color c, Square sq) { return c == WHITE ? int(sq) : int(sq) ^ 56; }

struct Side {
  S score;
  Bitboard attacked = 0;
  Bitboard attacked_by_minor = 0;  // horses, elephants, ministers
  Bitboard attacked_by_chariot = 0;
  Bitboard attacked_by_king = 0;
  int ring_attackers = 0;  // pieces attacking a square next to the enemy king
};

int distance(Square a, Square b) {
  return std::max(std::abs(core::file_of(a) - core::file_of(b)),
                  std::abs(core::rank_of(a) - core::rank_of(b)));
}

S evaluate_pawns(const Position& pos, Color c, const EvalParams& p, Bitboard own_pawn_attacks) {
  S s;
  const Bitboard ours = pos.pieces(c, PAWN);
  const Bitboard theirs = pos.pieces(~c, PAWN);
  Bitboard b = ours;
  while (b) {
    const Square sq = core::pop_lsb(b);
    const int rel = relative(c, sq);
    const int f = core::file_of(sq);
    s = s + p.piece_value[PAWN] + p.pst[PAWN][rel];
    if (!(PAWN_MASKS.passed[c][sq] & theirs)) {
      s = s + p.passed_pawn[rel >> 3];
      const Bitboard stop_bb = core::shift(pawn_heading(c), core::square_bb(sq));
      if (stop_bb) {
        const Square stop = core::lsb(stop_bb);
        if (!(stop_bb & pos.pieces())) s = s + p.passed_free[rel >> 3];
        if (pos.has_king(c) && pos.has_king(~c))
          s = s + p.passed_king_distance *
                      (distance(pos.king_square(~c), stop) - distance(pos.king_square(c), stop));
      }
    }
    if (!(PAWN_MASKS.adjacent_files[f] & ours)) s = s + p.isolated_pawn;
    if (own_pawn_attacks & core::square_bb(sq)) s = s + p.supported_pawn;
  }
  for (int f = 0; f < 8; ++f) {
    const int n = core::popcount(ours & core::file_bb(f));
    if (n > 1) s = s + p.doubled_pawn * (n - 1);
  }
  return s;
}

template <PieceType T>
void evaluate_pieces(const Position& pos, Color c, const EvalParams& p, Bitboard safe, Bitboard enemy_ring,
                     Side& side) {
  Bitboard b = pos.pieces(c, T);
  const Bitboard occupied = pos.pieces();
  while (b) {
    const Square sq = core::pop_lsb(b);
    Bitboard att = 0;
    if constexpr (T == ELEPHANT)
      att = pos.attacks_from(T, c, sq, occupied);
    else
      att = piece_attacks(T, c, sq, occupied);
    side.attacked |= att;
    if constexpr (T == CHARIOT)
      side.attacked_by_chariot |= att;
    else if constexpr (T == KING)
      side.attacked_by_king |= att;
    else
      side.attacked_by_minor |= att;
    if constexpr (T != KING) side.ring_attackers += (att & enemy_ring) != 0;
    if constexpr (T == HORSE) {
      const int rank = relative(c, sq) >> 3;
      const Bitboard support = core::pawn_attacks(pawn_heading(~c), sq) & pos.pieces(c, PAWN);
      const Bitboard enemy_pawns_ahead = PAWN_MASKS.passed[c][sq] & ~core::file_bb(core::file_of(sq));
      if (rank >= 3 && rank <= 5 && support && !(enemy_pawns_ahead & pos.pieces(~c, PAWN)))
        side.score = side.score + p.horse_outpost;
    }
    if constexpr (T == ELEPHANT) side.score = side.score + ELEPHANT_EXTRA[int(pos.elephant())];
    side.score = side.score + p.piece_value[T] + p.pst[T][relative(c, sq)] +
                 p.mobility[T] * core::popcount(att & safe) +
                 p.king_zone_attack[T] * core::popcount(att & enemy_ring);
    if constexpr (T == CHARIOT) {
      const Bitboard file = core::file_bb(core::file_of(sq));
      if (!(file & pos.pieces(PAWN)))
        side.score = side.score + p.chariot_open_file;
      else if (!(file & pos.pieces(c, PAWN)))
        side.score = side.score + p.chariot_semi_open_file;
    }
  }
}

Side evaluate_side(const Position& pos, Color c, const EvalParams& p, const Bitboard pawn_att[COLOR_COUNT]) {
  Side side;
  const Bitboard enemy_ring =
      pos.has_king(~c) ? core::leaper_attacks(core::Leaper::King, pos.king_square(~c)) : Bitboard{0};
  const Bitboard safe = ~pos.pieces(c) & ~pawn_att[~c];
  side.attacked = pawn_att[c];
  side.score = evaluate_pawns(pos, c, p, pawn_att[c]);
  side.score = side.score + p.king_zone_attack[PAWN] * core::popcount(pawn_att[c] & enemy_ring);
  side.score =
      side.score + p.threat_by_pawn * core::popcount(pawn_att[c] & pos.pieces(~c) & ~pos.pieces(PAWN));
  evaluate_pieces<HORSE>(pos, c, p, safe, enemy_ring, side);
  evaluate_pieces<ELEPHANT>(pos, c, p, safe, enemy_ring, side);
  evaluate_pieces<CHARIOT>(pos, c, p, safe, enemy_ring, side);
  evaluate_pieces<MINISTER>(pos, c, p, safe, enemy_ring, side);
  evaluate_pieces<KING>(pos, c, p, safe, enemy_ring, side);
  if (pos.has_king(c)) {
    const Bitboard ring = core::leaper_attacks(core::Leaper::King, pos.king_square(c));
    side.score = side.score + p.king_shelter * core::popcount(ring & pos.pieces(c, PAWN));
  }
  return side;
}

// Sittuyin's pieces in hand, before the set-up ends: their material, so that
// placing a piece does not swing the score.
S hand_material(const Position& pos, Color c, const EvalParams& p) {
  S s;
  for (int t = PAWN; t < KING; ++t) {
    const int n = pos.hand(c, PieceType(t));
    s = s + p.piece_value[t] * n;
    if (t == ELEPHANT) s = s + ELEPHANT_EXTRA[int(pos.elephant())] * n;
  }
  return s;
}

}  // namespace

int game_phase(const Position& pos) {
  int phase = 0;
  for (int t = HORSE; t < KING; ++t) {
    int n = core::popcount(pos.pieces(PieceType(t)));
    if (pos.has_hand(WHITE) || pos.has_hand(BLACK))
      n += pos.hand(WHITE, PieceType(t)) + pos.hand(BLACK, PieceType(t));
    phase += PHASE_WEIGHT[t] * n;
  }
  return std::min(phase, PHASE_MAX);
}

namespace {

// The network `pos` is evaluated with: none while pieces wait in hand (it
// knows no hands) or where the game has none. Chaturanga's built-in network
// learned the seed's rules: the other readings are evaluated by hand unless
// a file gives them a network.
const Network* network_of(const Position& pos) {
  if (pos.has_hand(WHITE) || pos.has_hand(BLACK)) return nullptr;
  const ::chaturanga::RuleSet& rules = pos.rules();
  const Network* net = network_for(rules.variant);
  if (rules.options != ::chaturanga::Options{} && net == builtin_network(rules.variant)) return nullptr;
  return net;
}

}  // namespace

int evaluate(const Position& pos) {
  const int hand = hand_made_evaluate(pos);
  if (const Network* net = network_of(pos)) return net_evaluate(*net, pos, hand);
  return hand;
}

int evaluate(const Position& pos, NetworkLine& line, int ply) {
  const int hand = hand_made_evaluate(pos);
  if (const Network* net = network_of(pos)) return net_correct(*net, line.logit(*net, ply), hand);
  return hand;
}

int hand_made_evaluate(const Position& pos) {
  const EvalParams& p = eval_params(pos.rules().variant);
  const Bitboard pawn_att[COLOR_COUNT] = {pawn_attack_set(pos, WHITE), pawn_attack_set(pos, BLACK)};
  Side sides[COLOR_COUNT] = {evaluate_side(pos, WHITE, p, pawn_att), evaluate_side(pos, BLACK, p, pawn_att)};
  const Bitboard pieces_only = ~pos.pieces(PAWN) & ~pos.pieces(KING);
  for (Color c : {WHITE, BLACK}) {
    const Bitboard loose = pos.pieces(c) & pieces_only & sides[~c].attacked & ~sides[c].attacked;
    sides[c].score = sides[c].score + p.hanging * core::popcount(loose);
    const int ours = pos.material_count(c);
    const int theirs = pos.material_count(~c);
    if (theirs < ours && theirs <= 3) sides[c].score = sides[c].score + p.bare_pressure[theirs];
    const Side& me = sides[c];
    S threats;
    for (int t = PAWN; t < KING; ++t) {
      const Bitboard victims = pos.pieces(~c, PieceType(t));
      threats = threats + p.threat_by_minor[t] * core::popcount(victims & me.attacked_by_minor) +
                p.threat_by_chariot[t] * core::popcount(victims & me.attacked_by_chariot);
    }
    threats = threats + p.threat_by_king * core::popcount(pos.pieces(~c) & ~pos.pieces(KING) &
                                                          me.attacked_by_king & ~sides[~c].attacked);
    sides[c].score = sides[c].score + threats + p.king_ring_attackers[std::min(me.ring_attackers, 4)];
  }
  if (pos.has_hand(WHITE) || pos.has_hand(BLACK))
    for (Color c : {WHITE, BLACK}) sides[c].score = sides[c].score + hand_material(pos, c, p);
  const Color us = pos.side_to_move();
  const S s = sides[us].score - sides[~us].score + p.tempo;
  const int phase = game_phase(pos);
  return (s.mg * phase + s.eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

}  // namespace search::chaturanga
