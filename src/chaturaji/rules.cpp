#include "chaturaji/rules.h"

#include "core/bitboard.h"

namespace chaturaji {

namespace {

using core::Heading;

// Teams and dice share the board of the old texts: the armies, their colors
// and their pieces; they differ in the dice and in how a pawn promotes.
constexpr RuleSet old_texts_set(Variant variant, std::string_view name, bool dice, Promotion promotion,
                                int promotion_choice_count) {
  return RuleSet{
      variant,
      name,
      {Heading::North, Heading::East, Heading::South, Heading::West},
      {"red", "green", "yellow", "black"},
      {'r', 'g', 'y', 'b'},
      {BOAT, KNIGHT, ROOK, KING},
      {'P', 'N', 'B', 'R', ' ', 'K'},
      {"pawn", "knight", "boat", "rook", "", "king"},
      {0, 0, 0, 0, 0, 0},
      true,
      dice,
      promotion,
      {ROOK, KNIGHT, BOAT},
      promotion_choice_count,
  };
}

constexpr RuleSet TEAMS = old_texts_set(Variant::Teams, "chaturaji-teams", false, Promotion::Choice, 3);
constexpr RuleSet DICE = old_texts_set(Variant::Dice, "chaturaji-dice", true, Promotion::BySquare, 0);

constexpr RuleSet POINTS{
    Variant::Points,
    "chaturaji-points",
    {Heading::South, Heading::West, Heading::North, Heading::East},
    {"red", "blue", "yellow", "green"},
    {'r', 'b', 'y', 'g'},
    {ROOK, KNIGHT, BISHOP, KING},
    {'P', 'N', ' ', 'R', 'B', 'K'},
    {"pawn", "knight", "", "sailboat", "bishop", "king"},
    {1, 3, 0, 5, 5, 3},
    false,
    false,
    Promotion::Sailboat,
    {ROOK, ROOK, ROOK},
    0,
};

constexpr const RuleSet* ALL[VARIANT_COUNT] = {&TEAMS, &DICE, &POINTS};

}  // namespace

const RuleSet& rules(Variant v) { return *ALL[static_cast<int>(v)]; }

std::optional<Variant> variant_from_name(std::string_view name) {
  for (const RuleSet* r : ALL)
    if (r->name == name) return r->variant;
  return std::nullopt;
}

Square turn_to_edge(Heading e, Square sq) {
  int f = core::file_of(sq);
  int r = core::rank_of(sq);
  const int quarter_turns = (static_cast<int>(e) - static_cast<int>(Heading::South)) & 3;
  for (int i = 0; i < quarter_turns; ++i) {
    // Each quarter turn clockwise (as seen from above): South -> West -> North -> East.
    const int nf = r;
    const int nr = 7 - f;
    f = nf;
    r = nr;
  }
  return core::make_square(f, r);
}

Bitboard far_edge(const RuleSet& r, int seat) {
  switch (pawn_heading(r, seat)) {
    case Heading::North: return core::rank_bb(7);
    case Heading::South: return core::rank_bb(0);
    case Heading::East: return core::file_bb(7);
    case Heading::West: return core::file_bb(0);
  }
  return 0;
}

PieceType promotion_by_square(const RuleSet& r, int seat, Square to) {
  const Heading h = pawn_heading(r, seat);
  const int along = (h == Heading::North || h == Heading::South) ? core::file_of(to) : core::rank_of(to);
  constexpr PieceType BY_LINE[8] = {BOAT, KNIGHT, ROOK, KING, KING, ROOK, KNIGHT, BOAT};
  return BY_LINE[along];
}

}  // namespace chaturaji
