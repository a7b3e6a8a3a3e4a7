// The two-player games behind the server's Match interface: Chaturanga with
// any of its rule options and the four games descended from it, one class
// over the rules core's RuleSet.
#pragma once

#include "chaturanga/game.h"
#include "server/match.h"

namespace server {

class ChaturangaMatch final : public Match {
 public:
  explicit ChaturangaMatch(chaturanga::Game game);
  // The game of `rules` from `fen`, or from its start position when empty.
  static core::Expected<std::unique_ptr<Match>> create(const chaturanga::RuleSet& rules,
                                                       std::string_view fen);

  std::unique_ptr<Match> clone() const override { return std::make_unique<ChaturangaMatch>(*this); }
  std::string_view variant() const override { return variant_; }
  const std::vector<std::string>& seats() const override;
  int turn() const override;
  int ply() const override { return int(game_.moves().size()); }
  std::vector<std::string> moves() const override;
  std::string start_fen() const override;

  core::Expected<bool> play(std::string_view move) override;
  bool well_formed(std::string_view move) const override;
  bool undo() override;

  bool over() const override { return game_.over(); }
  std::string result() const override;
  std::string reason() const override;
  void resign(int seat) override;
  void agree_draw() override;
  void abandon(int seat, bool draw) override;
  std::string time_out() override;
  std::vector<int> places() const override;
  void restore_ending(std::string_view result, std::string_view reason) override;

  nlohmann::json state() const override;
  std::string setup_error() const override;
  std::string pgn(const Tags& tags) const override;
  std::string bot_move(int level, std::chrono::milliseconds budget, const std::atomic<bool>* stop,
                       unsigned seed) const override;
  nlohmann::json analyse(const AnalysisLimits& limits, const std::atomic<bool>* stop) const override;

 private:
  const chaturanga::RuleSet& rules() const { return game_.start_position().rules(); }
  nlohmann::json family_state() const;

  chaturanga::Game game_;
  std::string variant_;  // canonical: family_variant_name
  // Set when a player ended the game (resignation, agreement, timeout,
  // abandoned); the rules' reasons come from the game itself.
  std::string decided_reason_;
};

// The canonical name (match.h: canonical_variant) of a game of `rules`.
std::string family_variant_name(const chaturanga::RuleSet& rules);

}  // namespace server
