// The two-player game behind the server's Match interface.
#pragma once

#include "chaturanga/game.h"
#include "server/match.h"

namespace server {

class ChaturangaMatch final : public Match {
 public:
  explicit ChaturangaMatch(chaturanga::Game game) : game_(std::move(game)) {}
  static core::Expected<std::unique_ptr<Match>> create(std::string_view fen);

  std::unique_ptr<Match> clone() const override { return std::make_unique<ChaturangaMatch>(*this); }
  std::string_view variant() const override { return "chaturanga"; }
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
  chaturanga::Game game_;
  // Set when a player ended the game (resignation, agreement, timeout,
  // abandoned); the
  // rules' reasons come from the game itself.
  std::string decided_reason_;
};

}  // namespace server
