#include "engine/bot.h"

#include <algorithm>

#include "search/simple_bot.h"

namespace engine {

chaturanga::Move bot_move(const chaturanga::Game& game, int level, std::chrono::milliseconds /*budget*/,
                          const std::atomic<bool>* /*stop*/, unsigned /*seed*/) {
  if (game.over()) return chaturanga::Move::none();
  return search::simple_bot_move(game.position(), std::clamp(level, MIN_LEVEL, 4));
}

Analysis analyse(const chaturanga::Game& game, std::chrono::milliseconds /*budget*/,
                 const std::atomic<bool>* /*stop*/) {
  Analysis a;
  if (game.over()) return a;
  a.depth = 4;
  a.pv.push_back(search::simple_bot_move(game.position(), 4));
  return a;
}

}  // namespace engine
