// What the front ends (web server, terminal) ask of the engine: a move for a
// level within a time bound, and an analysis. Blocking calls, meant for worker
// threads; `stop` lets the caller cut a search short (takeback, shutdown).
#pragma once

#include <atomic>
#include <chrono>
#include <vector>

#include "chaturanga/game.h"

namespace engine {

constexpr int MIN_LEVEL = 1;
constexpr int MAX_LEVEL = 8;

// The move the bot of `level` (1 = beginner .. 8 = full strength) plays in the
// current position of `game`; never longer than `budget`. Returns Move::none()
// when the game is over. Deterministic for a fixed `seed`.
chaturanga::Move bot_move(const chaturanga::Game& game, int level, std::chrono::milliseconds budget,
                          const std::atomic<bool>* stop = nullptr, unsigned seed = 0);

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
// `multipv` lines (1 = the best only); `depth` > 0 stops there, which makes
// the result the same on every run and machine (one thread, a fresh table).
Analysis analyse(const chaturanga::Game& game, std::chrono::milliseconds budget,
                 const std::atomic<bool>* stop = nullptr, int multipv = 1, int depth = 0);

}  // namespace engine
