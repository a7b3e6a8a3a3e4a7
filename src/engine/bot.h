// What the front ends (web server, terminal) ask of an engine, the same for
// every game: the move a bot of a level plays within a time bound, and an
// analysis of the position. Blocking calls for worker threads; `stop` lets
// the caller cut a search short (takeback, shutdown). Each builds a fresh
// engine, so calls share nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "chaturaji/game.h"
#include "chaturanga/game.h"
#include "engine/request.h"

namespace engine {

// The move the bot of `level` (1 = beginner .. 8 = full strength) plays in
// the current position; never longer than `budget`. Move::none() when the
// game is over. Deterministic for a fixed `seed`.
chaturanga::Move bot_move(const chaturanga::Game& game, int level, std::chrono::milliseconds budget,
                          const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0);
chaturaji::Move bot_move(const chaturaji::Game& game, int level, std::chrono::milliseconds budget,
                         const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0);

// Full strength within `budget`: the best move, its score from the mover's
// view and the principal variation. An empty reply when the game is over.
Reply<chaturanga::Move> analyse(const chaturanga::Game& game, std::chrono::milliseconds budget,
                                const std::atomic<bool>* stop = nullptr);
// `depth` > 0 stops the four-handed search there.
Reply<chaturaji::Move> analyse(const chaturaji::Game& game, std::chrono::milliseconds budget,
                               const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0,
                               int depth = 0);

struct AnalysisLine {
  int score_cp = 0;  // from the side to move's view
  int mate = 0;      // moves to the king's capture; >0 we capture, <0 we are captured, 0 none
  std::vector<chaturanga::Move> pv;
};
// The best line's figures at the top, and every line (best first) of the
// last completed depth in `lines`.
struct Analysis {
  int depth = 0;
  int score_cp = 0;
  int mate = 0;
  std::vector<chaturanga::Move> pv;
  std::vector<AnalysisLine> lines;
};
// Full strength within `budget`, for the analysis board: `multipv` lines
// (1 = the best only), each with its whole variation; `depth` > 0 stops
// there, which makes the result the same on every run and machine (one
// thread, a fresh table).
Analysis analyse_lines(const chaturanga::Game& game, std::chrono::milliseconds budget,
                       const std::atomic<bool>* stop = nullptr, int multipv = 1, int depth = 0);

}  // namespace engine
