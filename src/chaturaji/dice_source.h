// Where the throws of a game come from, and who may choose that
// (docs/chaturaji.md, "Fair dice"). Each turn of a `dice` game gets its throw
// from the one source chosen when the game is set up:
//   Fair    a secret of the game's own (chaturaji/fair_dice.h): drawn from
//           the operating system for a new game, read back for a stored one;
//   Seeded  the secret of a public seed (`seed=N` after the start position):
//           throws anyone can foresee;
//   Legacy  the generator of games stored before fair dice
//           (`legacy-seed=N`), weak and public, kept so that they replay;
//   None    no throws: not a dice game, or a start position that gives a ring
//           of throws (`dice=34,55`), turned turn by turn.
// Only a practice game (analysis, tests, replays: marked so by whoever sets
// it up) may fix its throws: a seed, a given throw (`dice=`) or a turn under
// way (`used=`, `moved=`). Any other game is Fair from its first turn on.
// The source stays out of Game, so nothing a bot is given can tell a throw
// before it is thrown.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "chaturaji/fair_dice.h"
#include "chaturaji/game.h"
#include "core/expected.h"

namespace chaturaji {

class DiceSource {
 public:
  enum class Kind : std::uint8_t { None, Fair, Seeded, Legacy };

  DiceSource() = default;
  static DiceSource fair(const DiceSecret& secret);
  static DiceSource seeded(std::uint64_t seed);
  static DiceSource legacy(std::uint64_t seed);

  Kind kind() const { return kind_; }
  bool throws() const { return kind_ != Kind::None; }
  // The throw of the turn that starts at `ply`.
  Throw at(int ply) const;
  // SHA-256 of the secret and the secret, in hex; "" without a secret (None, Legacy).
  std::string commitment() const;
  std::string secret_hex() const;
  // What follows the start position in the game's start FEN: "seed=7",
  // "legacy-seed=7", or "" (a Fair secret is never written there).
  std::string fen_field() const;
  // Throws the dice of the turn that has just begun at the end of `game`, if
  // one has and the game goes on (its ply is the number of moves so far).
  void throw_if_new_turn(Game& game) const;

 private:
  Kind kind_ = Kind::None;
  DiceSecret secret_{};
  std::uint64_t seed_ = 0;
};

// The generator of games stored before fair dice: the throw of the turn that
// starts at `ply` for `seed` (a public seed, and only 16 sequences in practice).
Throw legacy_throw(std::uint64_t seed, int ply);

// The position of a start FEN as set_up_game() reads it, without its seed.
core::Expected<Position> start_position(Variant v, std::string_view fen);

struct GameSetup {
  Game game;  // throws given by `dice`; the first turn's already thrown
  DiceSource dice;
};

// Sets a game up from `fen`: empty for the start position, or our notation
// (chaturaji/fen.h), either optionally followed by `seed=N` or
// `legacy-seed=N`. `stored_secret` (hex) is the secret of a game read back
// from the store, "" for a new game; a stored game replays its throws from
// it, whatever throw its start FEN shows. The error says what was wrong, and
// why a game that is not `practice` may not fix its throws.
core::Expected<GameSetup> set_up_game(Variant v, std::string_view fen, bool practice,
                                      std::string_view stored_secret = {});

}  // namespace chaturaji
