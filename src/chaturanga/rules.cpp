#include "chaturanga/rules.h"

#include "chaturanga/movegen.h"

namespace chaturanga {

Result win_for(Color c) { return c == WHITE ? Result::WhiteWins : Result::BlackWins; }

Outcome adjudicate_material(const Position& pos) {
  const Color to_move = pos.side_to_move();
  const Color mover = ~to_move;
  if (!pos.has_king(to_move)) return {win_for(mover), Reason::KingCaptured};
  if (!pos.has_king(mover)) return {win_for(to_move), Reason::KingCaptured};

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

Outcome adjudicate(const Position& pos, int occurrences) {
  if (const Outcome material = adjudicate_material(pos); material.over()) return material;
  if (count_moves(pos) == 0) return {win_for(pos.side_to_move()), Reason::NoMove};
  if (occurrences >= REPETITIONS_FOR_DRAW) return {Result::Draw, Reason::Repetition};
  if (pos.halfmove_clock() >= SEVENTY_MOVE_PLIES) return {Result::Draw, Reason::SeventyMoves};
  return {};
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
    case Reason::None: return "";
  }
  return "";
}

}  // namespace chaturanga
