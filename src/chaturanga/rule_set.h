// The games of the Chaturanga family as data: Chaturanga with its rule options
// (where the sources disagree) and the four games that descend from it, each
// exactly as Fairy-Stockfish defines its built-in variant of that name. One
// table per game, interned once (every combination of options included), and
// chosen when a position is set up: a Position keeps the index of its table.
// Code that differs between the games dispatches on the table once per call
// (move generation, making a move, judging), never per piece.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chaturanga/types.h"
#include "core/expected.h"

namespace chaturanga {

enum class Variant : std::uint8_t { Chaturanga, Shatranj, Makruk, Cambodian, Sittuyin };
constexpr int VARIANT_COUNT = 5;

// How the elephant moves: the alfil jumps two diagonally; the silver (Makruk's
// khon) steps one diagonally or one straight ahead; the dabbaba jumps two straight.
enum class Elephant : std::uint8_t { Alfil, Silver, Dabbaba };
enum class Goal : std::uint8_t { Capture, Checkmate };

// Chaturanga's rule options (spec/family.md); the defaults are the seed game.
struct Options {
  Elephant elephant = Elephant::Alfil;
  bool kings_facing = false;
  Goal goal = Goal::Capture;
  bool no_move_wins = true;
  bool bare_king = true;
  bool operator==(const Options&) const = default;
};

// Chaturanga as chess.com plays it and current Fairy-Stockfish's built-in
// `chaturanga` defines it.
inline constexpr Options CHESSCOM{Elephant::Alfil, true, Goal::Checkmate, false, false};

// The value of having no move, for the side that has none (and is not in check).
enum class NoMove : std::uint8_t { Wins, Loses, Draws };
// Seed: the rules 2 and 3 of spec/chaturanga.md (one reply for a bare king
// when one piece bared it; two bare kings draw). Shatranj: Fairy-Stockfish's
// extinction rule: a bare king loses when the other side has two pieces or
// more besides its king, or keeps one and the bare side could not take it.
enum class BareKing : std::uint8_t { Off, Seed, Shatranj };
// Counting rules of South-East Asia, as Fairy-Stockfish counts them
// (chaturanga/counting.h).
enum class Counting : std::uint8_t { None, Makruk, Cambodian, Asean };

struct RuleSet {
  Variant variant = Variant::Chaturanga;
  Options options{};                             // Chaturanga's options; the defaults for the other games
  std::string_view name;                         // UCI_Variant and judge name: "shatranj"
  std::string_view pgn_name;                     // [Variant "Shatranj"]
  std::array<char, PIECE_TYPE_COUNT> letters{};  // lower case, by PieceType
  std::string_view start_fen;
  Elephant elephant = Elephant::Alfil;
  bool royal_king = false;  // check exists: no move may leave one's king attacked
  NoMove no_move = NoMove::Loses;
  BareKing bare_king = BareKing::Off;
  int move_rule_plies = 0;  // plies without a capture or pawn move that draw; 0: none
  Counting counting = Counting::None;
  // Where a pawn that moves there becomes a minister (at once, no choice).
  // Empty for Sittuyin, whose pawns promote by a move of their own.
  std::array<Bitboard, COLOR_COUNT> promotion_region{};
  // Sittuyin: pieces in hand, placed in a set-up phase that must come first.
  bool drops = false;
  std::array<Bitboard, COLOR_COUNT> drop_region{};
  bool sittuyin_promotion = false;
  // Cambodian: the king's first leap and the neang's first double step.
  bool first_moves = false;

  // True for the games whose moves need more than the seed's way of making a
  // move: state beyond placement and clocks, or a pawn promoting in place.
  bool has_extras() const { return counting != Counting::None || drops || first_moves || sittuyin_promotion; }
};

constexpr int CHATURANGA_RULE_SETS = 48;  // every combination of the five options
constexpr int RULE_SET_COUNT = CHATURANGA_RULE_SETS + VARIANT_COUNT - 1;

// Every rule set; index 0 is the seed game.
extern const std::array<RuleSet, RULE_SET_COUNT> RULE_SETS;

inline const RuleSet& seed_rules() { return RULE_SETS[0]; }
const RuleSet& chaturanga_rules(const Options& options);
// The descendant games; Variant::Chaturanga gives the seed.
const RuleSet& rules_of(Variant v);
std::uint8_t rule_set_index(const RuleSet& r);

// "chaturanga", "chaturanga-chesscom" (the preset), "shatranj", "makruk",
// "cambodian", "sittuyin"; nullptr for other names.
const RuleSet* find_rules(std::string_view name);
// The rule set a UCI_Variant chooses: "chaturanga" with `options` (the UCI
// rule options), the names of find_rules, and Chaturanga with options named
// as the Fairy-Stockfish definitions of the oracle name them, so that FSF's
// tools can use them: chaturanga-silver, -dabbaba, -facing, -mate (one
// option each) and chaturanga-ELEPHANT-KINGS-GOAL (as
// chaturanga-silver-facing-checkmate). nullptr for other names.
const RuleSet* find_uci_variant(std::string_view name, const Options& options);
// Case-insensitive PGN Variant name ("Makruk"; "Ouk Chatrang" for Cambodian).
const RuleSet* find_rules_by_pgn_name(std::string_view name);

// Reads `elephant=silver,kings=facing` (commas or spaces between; the preset
// name `chesscom` alone or first, options after it override it) on top of
// the defaults; an error names the unknown key or value.
core::Expected<Options> parse_options(std::string_view text);
// Sets one option; an error names the key or the value that is not known.
core::Expected<Options> set_option(Options options, std::string_view key, std::string_view value);
// The options that differ from the seed's, "key=value" joined by `separator`;
// empty for the seed.
std::string options_text(const Options& options, char separator = ' ');

}  // namespace chaturanga
