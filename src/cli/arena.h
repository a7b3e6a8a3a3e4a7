// `chaturanga arena`: plays four-handed bots against each other over fixed
// opening positions and every seating, and reports per-bot, per-seat and
// per-place statistics with 95 % error bars.
//   teams, dice: two bots, each playing both seats of a team; each opening is
//     played with each bot on each team.
//   points: four players (bots may repeat); each opening is played with all
//     24 arrangements of the players over the seats.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cli/external_bot.h"
#include "core/expected.h"
#include "engine/chaturaji_engine.h"

namespace cli {

struct ArenaBot {
  std::string spec;  // as given: name[:depth=N][:ms=N][:nodes=N][:noise=N][:WEIGHT=N], or uci=COMMAND[:...]
  engine::ChaturajiOptions options;  // the algorithm, noise and weights
  engine::Request request;           // its limits
  ExternalSpec external;             // an outside UCI program when external.command is set
  bool is_external() const { return !external.command.empty(); }
  // Evaluation weights changed in the spec (options.params points here).
  std::vector<std::pair<std::string, int>> weights;
  std::shared_ptr<search::chaturaji::EvalParams> params;
};

struct ArenaOptions {
  chaturaji::Variant variant = chaturaji::Variant::Teams;
  std::vector<ArenaBot> bots;
  int games = 0;          // at least this many; rounded up to whole rotations
  int openings = 0;       // 0: as many as `games` needs
  int opening_plies = 4;  // random moves from the start that make an opening
  int max_plies = 800;    // then the game is adjudicated as in a draw
  int threads = 1;
  std::uint64_t seed = 1;
  std::string record;  // when set: a file that gets one line per game (seating, result, moves)
};

core::Expected<ArenaBot> parse_arena_bot(const std::string& spec);
core::Expected<ArenaOptions> parse_arena_options(const std::vector<std::string>& args);
extern const char* const ARENA_USAGE;

int run_arena(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cli
