// The four-handed games (chaturaji-teams, -dice, -points) behind the server's
// Match interface. Seats are the rule set's colours in turn order.
//
// Dice are thrown here, never by a client: the throw of the turn that starts
// at ply p is a pure function of the game's seed and p, so replaying the
// stored moves (a restart) or taking a move back and playing on gives the same
// throws. The seed travels in the start FEN as a trailing `seed=N` field; a
// game created without one gets a random seed.
#pragma once

#include <cstdint>

#include "chaturaji/dice_source.h"
#include "chaturaji/game.h"
#include "core/expected.h"
#include "server/match.h"

namespace server {

class ChaturajiMatch final : public Match {
 public:
  // `fen`: empty for the start position, our notation (docs/chaturaji.md),
  // either optionally followed by `seed=N` (practice games only).
  static core::Expected<std::unique_ptr<Match>> create(std::string_view variant, std::string_view fen,
                                                       const MatchOptions& options = {});
  // A game already played (a PGN4 import); dice are not thrown for it.
  explicit ChaturajiMatch(chaturaji::Game game);

  std::unique_ptr<Match> clone() const override { return std::make_unique<ChaturajiMatch>(*this); }
  std::string_view variant() const override { return rules().name; }
  const std::vector<std::string>& seats() const override { return seats_; }
  int turn() const override;
  int ply() const override { return int(game_.moves().size()); }
  std::vector<std::string> moves() const override;
  std::string start_fen() const override;

  core::Expected<bool> play(std::string_view move) override;
  bool well_formed(std::string_view move) const override;
  // False once the game is over and its dice secret is out.
  bool undo() override;

  bool over() const override { return !decided_reason_.empty() || game_.over(); }
  std::string result() const override;
  std::string reason() const override;
  void resign(int seat) override;
  // "resign" in points, where the resigning player is out and the others
  // play on; "" with teams, where the other team wins at once.
  std::string resignation_move() const override;
  void agree_draw() override;
  void abandon(int seat, bool draw) override;
  unsigned agreement_seats() const override;
  // The rules' own `timeout` move: the player is out, as `judge` records it.
  std::string time_out() override;
  std::vector<int> places() const override;
  void restore_ending(std::string_view result, std::string_view reason) override;

  nlohmann::json state() const override;
  std::string pgn(const Tags& tags) const override;
  std::string dice_secret() const override { return dice_.secret_hex(); }
  std::string bot_move(int level, std::chrono::milliseconds budget, const std::atomic<bool>* stop,
                       unsigned seed) const override;
  nlohmann::json analyse(const AnalysisLimits& limits, const std::atomic<bool>* stop) const override;

  // What the bots and the analysis are given: no dice source in it.
  const chaturaji::Game& game() const { return game_; }
  const chaturaji::DiceSource& dice() const { return dice_; }

 private:
  explicit ChaturajiMatch(chaturaji::GameSetup setup);
  const chaturaji::RuleSet& rules() const { return game_.start().rules(); }
  // The secret may be shown: the game is over.
  bool secret_out() const { return over() && !dice_.secret_hex().empty(); }

  chaturaji::Game game_;
  chaturaji::DiceSource dice_;
  std::vector<std::string> seats_;
  // A player's decision that the rules do not record (agreement, the
  // resignation endpoint): its result and reason.
  std::string decided_result_;
  std::string decided_reason_;
};

// A chess.com PGN4 record replayed through our rules, as the game page draws
// it (state() of the finished game, plus its tags and the importer's
// warnings), or the reason it cannot be read.
core::Expected<nlohmann::json> replay_pgn4(std::string_view text);

}  // namespace server
