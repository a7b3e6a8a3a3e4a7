// The arena's games, as the arena's parts share them: one game between
// bots (ours or outside programs) from an opening, with every seating, and
// what it leaves for the report and the record file.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/arena.h"
#include "cli/external_bot.h"
#include "engine/chaturaji_engine.h"

namespace cli::arena {

using chaturaji::SEAT_COUNT;

// What an outside program's `info` lines said over a game, per seat.
struct InfoSum {
  int replies = 0;
  int with_info = 0;
  double depth = 0, nodes = 0, ms = 0;
};

// One game's result for the players in seat order.
struct GameRecord {
  std::array<int, SEAT_COUNT> bot{};  // which bot sat on each seat
  std::array<double, SEAT_COUNT> place{};
  std::array<double, SEAT_COUNT> win{};  // 1 alone first, 1/k shared, 0 otherwise
  chaturaji::SeatMask winners = 0;
  chaturaji::Reason reason = chaturaji::Reason::None;
  bool adjudicated = false;
  int plies = 0;
  std::string moves;  // with --record: the game's moves, each turn's throw first (dice)
  std::array<ExternalFault, SEAT_COUNT> fault{};
  std::string fault_detail;  // the first forfeit of the game, for the report
  std::array<InfoSum, SEAT_COUNT> info{};
};

struct Job {
  int opening;
  std::array<int, SEAT_COUNT> bot;
};

using Externals = std::vector<std::unique_ptr<ExternalBot>>;
using Engines = std::vector<std::unique_ptr<engine::ChaturajiEngine>>;

// The opening position; with `moves`, also the moves that lead to it from the start.
chaturaji::Position make_opening(const ArenaOptions& o, int index, std::vector<std::string>* moves = nullptr);
// Which bot sits on each seat, for every seating an opening is played with.
std::vector<std::array<int, SEAT_COUNT>> seatings(const ArenaOptions& o);
// Plays one game; `max_ms` keeps each bot's slowest reply.
GameRecord play_game(const ArenaOptions& o, const Job& job, Engines& engines, Externals& externals,
                     std::vector<std::int64_t>& max_ms);

}  // namespace cli::arena
