// What a front end asks of any game's engine, and what it gets back: the
// same shape for every game. A request is the search's limits (UCI's `go`),
// a level for people (1 = beginner .. 8 = full strength), a seed that makes
// the level's choices and the randomised searches repeatable, and a stop
// flag of the caller's own (a takeback, a shutdown).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "search/limits.h"
#include "search/report.h"

namespace engine {

constexpr int MIN_LEVEL = 1;
constexpr int MAX_LEVEL = 8;

struct Request {
  search::Limits limits;
  int level = MAX_LEVEL;
  std::uint64_t seed = 0;
  const std::atomic<bool>* stop = nullptr;
};

// The move to play (none once the game is over) and how it was found. The
// score is in centipawns from the mover's view (the team's in teams); the
// lines are the MultiPV lines of the last finished depth, best first.
template <class Move>
struct Reply {
  Move best;
  Move ponder;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;
  std::vector<Move> pv;
  std::vector<search::Line<Move>> lines;
  int threads = 1;  // that searched: fewer than set when the system would not start them all
};

}  // namespace engine
