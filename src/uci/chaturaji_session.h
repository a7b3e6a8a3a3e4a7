// The four-handed games over UCI, once UCI_Variant is chaturaji-teams,
// -dice or -points: `position startpos|fen <four-player notation> [moves
// ...]` (moves as the judge reads them; for dice `dice:34` sets a throw),
// `go` with movetime, depth, nodes, infinite or a clock (wtime/winc for Red
// and Yellow's team or seats 0 and 2, btime/binc for the other two),
// answered by one `info ...` line and `bestmove <move>` (`bestmove pass`
// when the player must pass), `go perft N` and `d` (the position in our
// notation), translated for the four-handed engine.
#pragma once

#include <optional>
#include <string>

#include "engine/chaturaji_engine.h"
#include "uci/game_session.h"
#include "uci/output.h"

namespace uci {

class ChaturajiSession final : public GameSession {
 public:
  ChaturajiSession(chaturaji::Variant v, Output& out, const Bounds& bounds);
  ~ChaturajiSession() override;

  void position(std::istringstream& args) override;
  void go(std::istringstream& args, const Settings& settings) override;
  void perft(int depth) override;
  void print() override;
  void new_game() override;
  void stop() override { engine_.stop(); }
  void ponderhit() override {}
  void settle() override;

  core::Expected<bool> set_hash(int megabytes) override { return engine_.set_hash(megabytes); }
  core::Expected<bool> set_network(const std::string&) override {
    return core::error("option 'EvalFile' is for the two-player games, not Chaturaji");
  }
  core::Expected<bool> set_use_network(bool) override {
    return core::error("option 'Use Network' is for the two-player games, not Chaturaji");
  }
  void set_threads(int) override {}
  void set_multipv(int) override {}
  void set_move_overhead(int) override {}
  void clear_hash() override { engine_.clear_hash(); }

 private:
  bool parse_limits(std::istringstream& args, search::Limits& limits, bool& infinite);

  chaturaji::Variant variant_;
  Output& out_;
  const Bounds bounds_;
  engine::ChaturajiEngine engine_;
  std::uint64_t seed_ = 1;
  bool open_ended_ = false;  // the running search waits for stop (infinite)
};

// The variant for a UCI_Variant value, if it names a four-handed rule set.
std::optional<chaturaji::Variant> chaturaji_variant(const std::string& uci_variant);

}  // namespace uci
