#include "chaturanga/rules.h"

#include "chaturanga/counting.h"
#include "chaturanga/legality.h"
#include "chaturanga/movegen.h"

namespace chaturanga {

Result win_for(Color c) { return c == WHITE ? Result::WhiteWins : Result::BlackWins; }

namespace {

// Rules 2 and 3 of spec/chaturanga.md.
Outcome seed_bare_king(const Position& pos) {
  const Color to_move = pos.side_to_move();
  const Color mover = ~to_move;
  const int mover_pieces = pos.material_count(mover);
  const int other_pieces = pos.material_count(to_move);
  if (mover_pieces == 0 && other_pieces == 0) return {Result::Draw, Reason::TwoBareKings};
  // A bare side that has just moved has used its one reply without taking
  // the last piece (or was bared by two or more pieces): it has lost.
  if (mover_pieces == 0) return {win_for(to_move), Reason::BareKing};
  // The mover bared the opponent; with one piece left it must survive a reply.
  if (other_pieces == 0 && mover_pieces >= 2) return {win_for(mover), Reason::BareKing};
  return {};
}

Outcome no_move(const RuleSet& r, Color to_move) {
  switch (r.no_move) {
    case NoMove::Wins: return {win_for(to_move), Reason::NoMove};
    case NoMove::Loses: return {win_for(~to_move), Reason::NoMove};
    case NoMove::Draws: return {Result::Draw, Reason::NoMove};
  }
  return {};
}

Reason move_rule_reason(const RuleSet& r) {
  return r.move_rule_plies == SEVENTY_MOVE_PLIES ? Reason::SeventyMoves : Reason::FiftyMoves;
}

// Sittuyin: a side left with its king and one pawn, not in check, whose only
// moves are promotions, is stalemated (a promotion is never forced).
bool only_promotions(const Position& pos) {
  const Color us = pos.side_to_move();
  if (core::popcount(pos.pieces(us)) != 2 || core::popcount(pos.pieces(us, PAWN)) != 1) return false;
  MoveList moves;
  generate<GenKind::All>(pos, moves);
  for (const Move m : moves)
    if (!m.is_promotion()) return false;
  return true;
}

Outcome adjudicate_seed_order(const Position& pos, int occurrences) {
  const RuleSet& r = pos.rules();
  if (const Outcome material = adjudicate_material(pos); material.over()) return material;
  if (count_moves(pos) == 0) return no_move(r, pos.side_to_move());
  if (occurrences >= REPETITIONS_FOR_DRAW) return {Result::Draw, Reason::Repetition};
  if (pos.halfmove_clock() >= r.move_rule_plies) return {Result::Draw, move_rule_reason(r)};
  return {};
}

Outcome adjudicate_royal(const Position& pos, int occurrences) {
  const RuleSet& r = pos.rules();
  if (const Outcome material = adjudicate_material(pos); material.over()) return material;
  const bool in_check = pos.in_check();
  const bool has_move = count_moves(pos) != 0;
  const bool mated = in_check && !has_move;
  if (r.move_rule_plies && pos.halfmove_clock() >= r.move_rule_plies && !mated)
    return {Result::Draw, move_rule_reason(r)};
  if (occurrences >= REPETITIONS_FOR_DRAW) return {Result::Draw, Reason::Repetition};
  if (counting_expired(pos) && !mated) return {Result::Draw, Reason::Counting};
  if (r.sittuyin_promotion && !in_check && only_promotions(pos)) return {Result::Draw, Reason::PromotionOnly};
  if (mated) return {win_for(~pos.side_to_move()), Reason::Checkmate};
  if (!has_move) return no_move(r, pos.side_to_move());
  return {};
}

}  // namespace

Outcome adjudicate_material(const Position& pos) {
  const RuleSet& r = pos.rules();
  if (!r.royal_king) {
    const Color to_move = pos.side_to_move();
    if (!pos.has_king(to_move)) return {win_for(~to_move), Reason::KingCaptured};
    if (!pos.has_king(~to_move)) return {win_for(to_move), Reason::KingCaptured};
  }
  switch (r.bare_king) {
    case BareKing::Seed: return seed_bare_king(pos);
    case BareKing::Shatranj:
      if (const auto loser = shatranj_bare_king_loser(pos)) return {win_for(~*loser), Reason::BareKing};
      return {};
    case BareKing::Off: return {};
  }
  return {};
}

Outcome adjudicate(const Position& pos, int occurrences) {
  return pos.rules().royal_king ? adjudicate_royal(pos, occurrences)
                                : adjudicate_seed_order(pos, occurrences);
}

std::string_view result_text(Result r) {
  switch (r) {
    case Result::WhiteWins: return "1-0";
    case Result::BlackWins: return "0-1";
    case Result::Draw: return "1/2-1/2";
    case Result::Ongoing: return "*";
  }
  return "*";
}

std::string_view reason_text(Reason r) {
  switch (r) {
    case Reason::KingCaptured: return "king-captured";
    case Reason::BareKing: return "bare-king";
    case Reason::TwoBareKings: return "two-bare-kings";
    case Reason::NoMove: return "no-move";
    case Reason::Repetition: return "repetition";
    case Reason::SeventyMoves: return "seventy-moves";
    case Reason::Checkmate: return "checkmate";
    case Reason::FiftyMoves: return "fifty-moves";
    case Reason::Counting: return "counting";
    case Reason::PromotionOnly: return "promotion-only";
    case Reason::None: return "";
  }
  return "";
}

std::string_view reason_words(Reason r) {
  switch (r) {
    case Reason::KingCaptured: return "the king was captured";
    case Reason::BareKing: return "a bare king";
    case Reason::TwoBareKings: return "two bare kings";
    case Reason::NoMove: return "the side to move had no move, and so wins";
    case Reason::Repetition: return "the same position occurred three times";
    case Reason::SeventyMoves: return "seventy moves each without a capture or a pawn move";
    case Reason::Checkmate: return "checkmate";
    case Reason::FiftyMoves: return "fifty moves each without a capture or a pawn move";
    case Reason::Counting: return "the count ran out before mate";
    case Reason::PromotionOnly: return "the side to move could only promote, which counts as no move";
    case Reason::None: return "";
  }
  return "";
}

std::string_view reason_words(Reason r, const RuleSet& rules) {
  if (r != Reason::NoMove) return reason_words(r);
  switch (rules.no_move) {
    case NoMove::Wins: return "the side to move had no move, and so wins";
    case NoMove::Loses: return "the side to move had no move, and so loses";
    case NoMove::Draws: return "the side to move had no move: a draw";
  }
  return "";
}

}  // namespace chaturanga
