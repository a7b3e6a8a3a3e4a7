// The three rule sets as data: one table each, chosen once when a position is
// set up. Code that differs between them dispatches on `variant` once per
// call (move generation, making a move), never per piece.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "chaturaji/types.h"

namespace chaturaji {

enum class Variant : std::uint8_t { Teams, Dice, Points };
constexpr int VARIANT_COUNT = 3;

// How a pawn that reaches its far edge is promoted.
enum class Promotion : std::uint8_t {
  Choice,    // the owner picks one of `promotion_choices`
  Sailboat,  // always to the corner piece (a rook-mover)
  BySquare,  // the file (or rank) of the square decides: boat, knight, rook, king
};

struct RuleSet {
  Variant variant;
  std::string_view name;  // as in the judge: "chaturaji-points"
  // Per seat, the edge it sits on; its pawns head for the opposite edge.
  std::array<core::Heading, SEAT_COUNT> edge;
  std::array<std::string_view, SEAT_COUNT> color_name;
  std::array<char, SEAT_COUNT> color_letter;
  // Back row from the corner towards the centre, as the owner sees it.
  std::array<PieceType, 4> back_row;
  std::array<char, PIECE_TYPE_COUNT> letter;  // upper case; ' ' for a piece type the set lacks
  std::array<std::string_view, PIECE_TYPE_COUNT> piece_type_name;
  std::array<int, PIECE_TYPE_COUNT> value;  // points for a capture (points only)
  bool teams;                               // seats 0 + 2 against 1 + 3
  bool dice;
  Promotion promotion;
  std::array<PieceType, 3> promotion_choices;  // for Promotion::Choice
  int promotion_choice_count;
};

const RuleSet& rules(Variant v);
std::optional<Variant> variant_from_name(std::string_view name);

// The heading of a seat's pawns (away from its own edge).
constexpr core::Heading opposite(core::Heading h) { return core::Heading((static_cast<int>(h) + 2) & 3); }
inline core::Heading pawn_heading(const RuleSet& r, int seat) { return opposite(r.edge[seat]); }

// The squares on a seat's far edge, where its pawns promote.
Bitboard far_edge(const RuleSet& r, int seat);
// The kind a pawn becomes on `to` under Promotion::BySquare, seen from seat's heading.
PieceType promotion_by_square(const RuleSet& r, int seat, Square to);
// The square `sq` of the South army's layout, turned to the edge `e`.
Square turn_to_edge(core::Heading e, Square sq);

// Seats of the other team (teams and dice), or every other seat (points).
constexpr SeatMask enemies_of(bool teams, int seat) {
  return teams ? SeatMask(seat_bit(seat ^ 1) | seat_bit(seat ^ 3)) : SeatMask(ALL_SEATS & ~seat_bit(seat));
}

}  // namespace chaturaji
