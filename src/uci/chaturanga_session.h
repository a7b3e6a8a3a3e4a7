// The two-player game over UCI: `position startpos|fen <FEN> [moves ...]`,
// `go` with UCI's limits (clocks, movetime, depth, nodes, mate, infinite,
// ponder, searchmoves), `go perft N` and `d`, translated for the engine.
#pragma once

#include "engine/chaturanga_engine.h"
#include "uci/game_session.h"
#include "uci/output.h"

namespace uci {

class ChaturangaSession final : public GameSession {
 public:
  ChaturangaSession(Output& out, const Bounds& bounds) : out_(out), bounds_(bounds) {}
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
  void set_threads(int n) override { engine_.set_threads(n); }
  void set_multipv(int n) override { engine_.set_multipv(n); }
  void set_move_overhead(int ms) override { engine_.set_move_overhead(ms); }
  void clear_hash() override { engine_.clear_hash(); }

 private:
  bool parse_limits(std::istringstream& args, search::Limits& limits);

  Output& out_;
  const Bounds bounds_;
  engine::ChaturangaEngine engine_;
  bool open_ended_ = false;  // the running search waits for stop (infinite, ponder)
};

}  // namespace uci
