// The two-player games over UCI, Chaturanga with its rule options and the
// games that descend from it (chaturanga/rule_set.h), each session under one
// rule set: `position startpos|fen <FEN> [moves ...]` with that game's FEN
// and moves (Makruk's e5e6m, Sittuyin's R@a1), `go` with UCI's limits
// (clocks, movetime, depth, nodes, mate, infinite, ponder, searchmoves),
// `go perft N` and `d`, translated for the engine.
#pragma once

#include <optional>
#include <string_view>

#include "chaturanga/rule_set.h"
#include "engine/chaturanga_engine.h"
#include "uci/game_session.h"
#include "uci/output.h"

namespace uci {

// Chaturanga's rule options as UCI options (spec/family.md): the lines for
// `uci`, read when UCI_Variant is chaturanga.
extern const char* const RULE_OPTIONS;
// Sets in `options` the rule option UCI names `key` (lower case: elephant,
// kings, goal, nomove, bareking); nullopt when `key` is none of them, an
// error naming the value when it is not one the option takes.
std::optional<core::Expected<chaturanga::Options>> set_rule_option(chaturanga::Options options,
                                                                   std::string_view key,
                                                                   std::string_view value);

class ChaturangaSession final : public GameSession {
 public:
  // Starts at the start position of `rules`.
  ChaturangaSession(const chaturanga::RuleSet& rules, Output& out, const Bounds& bounds);
  ~ChaturangaSession() override;

  void position(std::istringstream& args) override;
  void go(std::istringstream& args, const Settings& settings) override;
  void perft(int depth) override;
  void print() override;
  void new_game() override { engine_.new_game(); }
  void stop() override { engine_.stop(); }
  void ponderhit() override { engine_.ponderhit(); }
  void settle() override;

  core::Expected<bool> set_hash(int megabytes) override { return engine_.set_hash(megabytes); }
  core::Expected<bool> set_network(const std::string& path) override { return engine_.set_network(path); }
  core::Expected<bool> set_use_network(bool on) override { return engine_.set_use_network(on); }
  void set_threads(int n) override { engine_.set_threads(n); }
  void set_multipv(int n) override { engine_.set_multipv(n); }
  void set_move_overhead(int ms) override { engine_.set_move_overhead(ms); }
  void clear_hash() override { engine_.clear_hash(); }

 private:
  bool parse_limits(std::istringstream& args, search::Limits& limits);

  const chaturanga::RuleSet& rules_;
  Output& out_;
  const Bounds bounds_;
  engine::ChaturangaEngine engine_;
  bool open_ended_ = false;  // the running search waits for stop (infinite, ponder)
};

}  // namespace uci
