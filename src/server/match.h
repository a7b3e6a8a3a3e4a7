// One game of some variant as the server sees it: seats by name, moves as
// text, state as JSON. The server knows nothing else of the rules, so a new
// variant is one more Match and one line in make_match().
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace server {

using Tags = std::map<std::string, std::string>;

// What an analysis may spend and show: a time bound, how many best lines,
// and a depth that (when > 0) ends the search there, so that the same
// request gives the same answer on every run.
struct AnalysisLimits {
  std::chrono::milliseconds budget{1000};
  int multipv = 1;
  int depth = 0;
};

// How a game is set up beyond its variant and start position.
struct MatchOptions {
  // A practice game (analysis, tests, replays) may fix its dice: `seed=N`,
  // `dice=` (docs/api.md). The server never makes a game between people one.
  bool practice = false;
  // The dice secret of a game read back from the store; empty for a new game.
  std::string dice_secret;
};

class Match {
 public:
  virtual ~Match() = default;
  virtual std::unique_ptr<Match> clone() const = 0;

  virtual std::string_view variant() const = 0;
  // Seat names in playing order, e.g. {"white", "black"}.
  virtual const std::vector<std::string>& seats() const = 0;
  // Index into seats() of the player to move; -1 once the game is over.
  virtual int turn() const = 0;
  virtual int ply() const = 0;
  virtual std::vector<std::string> moves() const = 0;
  virtual std::string start_fen() const = 0;

  // Plays a move in the variant's text form; the error says why not.
  virtual core::Expected<bool> play(std::string_view move) = 0;
  // Whether `move` is written in the variant's text form at all, legal or
  // not: the API answers 400 for a move it cannot read, 409 for one it may
  // not play.
  virtual bool well_formed(std::string_view move) const = 0;
  virtual bool undo() = 0;

  virtual bool over() const = 0;
  virtual std::string result() const = 0;  // "1-0", "0-1", "1/2-1/2", "*"
  virtual std::string reason() const = 0;  // "" while the game goes on
  // Ends the game by a player's decision: resignation or agreed draw.
  virtual void resign(int seat) = 0;
  // The move a resignation is, where the rules make it a move of the player
  // at its own turn after which the game goes on (the four-handed points
  // game: the player is out); "" where it ends the game at once (resign).
  virtual std::string resignation_move() const { return {}; }
  virtual void agree_draw() = 0;
  // Every other player with a say has left the game and `seat` claims it:
  // a win for its side (or team, or itself alone where each plays for
  // itself), or a draw; reason "abandoned".
  virtual void abandon(int seat, bool draw) = 0;
  // The seats (bit i for seats()[i]) whose agreement a draw or a take-back
  // between people needs now; a seat outside has no say. The rules decide.
  virtual unsigned agreement_seats() const { return (1u << seats().size()) - 1; }
  // The player to move has run out of time, and the rules say what that
  // is. Returns the move it played, to be stored as a move (the four-handed
  // `timeout`, after which the game may go on), or "" when it ended the
  // game by a decision stored as its result (the two-player game: a loss,
  // or a draw when the other side has only its king; reason "timeout").
  virtual std::string time_out() = 0;
  // Each seat's finishing place once the game is over: 1 for the first,
  // equal places for a tie. The rules decide; a rated game is rated by it.
  virtual std::vector<int> places() const = 0;
  // Restores an ending that the moves alone do not give (resignation,
  // agreement, timeout, abandoned).
  virtual void restore_ending(std::string_view result, std::string_view reason) = 0;

  // fen, moves, san, legal, check, last_move, start_fen and anything
  // variant-specific that the page needs to draw the game.
  virtual nlohmann::json state() const = 0;
  // Why the start position could not come from a game (a position set up by
  // hand), or "". Variants without such a check accept what their FEN reader does.
  virtual std::string setup_error() const { return {}; }
  virtual std::string pgn(const Tags& tags) const = 0;
  // What the store keeps so that a restart throws the same dice; never shown
  // while the game goes on. Empty for a game without dice.
  virtual std::string dice_secret() const { return {}; }

  // Blocking; for worker threads only.
  virtual std::string bot_move(int level, std::chrono::milliseconds budget, const std::atomic<bool>* stop,
                               unsigned seed) const = 0;
  // The evaluation of the current position: depth, score_cp, mate, pv, pv_san
  // and `lines` (the best `multipv` lines, each with its score and pv).
  virtual nlohmann::json analyse(const AnalysisLimits& limits, const std::atomic<bool>* stop) const = 0;
};

// The named variants the server plays, each rated on its own. Besides
// them, Chaturanga with any combination of its rule options is played under
// its canonical name (canonical_variant), casual only.
std::vector<std::string> variant_names();
// The name a game of `variant` with Chaturanga's rule options `rules` (null:
// none; an object {"elephant": "silver", ...} or a string "chesscom" or
// "elephant=silver,kings=facing", as `judge` takes them) is stored and shown
// under: the family's names, "chaturanga-chesscom" for the preset, and
// "chaturanga:" with the options that differ from the seed's, in the rules'
// order, joined by commas ("chaturanga:elephant=silver,kings=facing"). The
// error names the unknown variant, option key or value.
core::Expected<std::string> canonical_variant(std::string_view variant,
                                              const nlohmann::json& rules = nullptr);
// Why a game of the canonical `variant` cannot be rated, or "".
std::string rated_variant_refusal(std::string_view variant);
// The variants the server plays, by canonical name; an unknown name or a bad
// FEN is an error.
core::Expected<std::unique_ptr<Match>> make_match(std::string_view variant, std::string_view fen = {},
                                                  const MatchOptions& options = {});

// Why a game cannot be a practice game, or "" when it can: one with more than
// one seat for people (human or open) is a game between people, and a rated
// game counts for a rating; fixed dice belong in neither.
std::string practice_refusal(int people_seats, bool rated);

}  // namespace server
