// An arena player that is an outside program speaking the four-handed UCI of
// ../shared/spec/api.md (`uci=<command>` bot specs). It is told the game so
// far with `position ...` and answers `go` within a deadline; a missing, late
// or illegal answer is a fault, which the arena scores as a forfeit.
#pragma once

#include <cstdint>
#include <string>

#include "chaturaji/position.h"
#include "cli/uci_process.h"

namespace cli {

struct ExternalSpec {
  std::string command;          // run through /bin/sh
  std::int64_t ms = 0;          // go movetime
  std::uint64_t nodes = 0;      // go nodes
  int depth = 0;                // go depth
  std::int64_t timeout_ms = 0;  // how long to wait for bestmove; 0: 2 * ms + 2000, or 60 s without ms
};

enum class ExternalFault : std::uint8_t { None, NoAnswer, Illegal };

struct ExternalReply {
  chaturaji::Move move = chaturaji::Move::none();
  ExternalFault fault = ExternalFault::None;
  std::string detail;  // what was wrong, for the arena's report
  int depth = 0;       // from the last `info` line before bestmove, when it had one
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  bool has_info = false;
};

class ExternalBot {
 public:
  explicit ExternalBot(ExternalSpec spec) : spec_(std::move(spec)) {}

  // Starts the program if it is not running and does the handshake for `variant`.
  bool start(chaturaji::Variant variant, std::string& error);
  // `ucinewgame` + `isready`; false if the program does not answer.
  bool new_game(std::string& error);
  // The move of the player to move in `pos`, after sending `position_command`.
  // After a missing answer the program is stopped; the next call restarts it.
  ExternalReply ask(const chaturaji::Position& pos, const std::string& position_command);

  std::int64_t timeout_ms() const;
  std::string go_command() const;

 private:
  ExternalSpec spec_;
  chaturaji::Variant variant_ = chaturaji::Variant::Points;
  UciProcess process_;
};

}  // namespace cli
