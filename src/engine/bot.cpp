#include "engine/bot.h"

#include <algorithm>

#include "engine/chaturaji_engine.h"
#include "engine/chaturanga_engine.h"

namespace engine {

namespace {

// Full strength is node-bound too, so that a fixed seed gives a fixed move
// on any machine fast enough; the budget stays a hard cap.
constexpr std::uint64_t NODES_PER_MS_AT_FULL_STRENGTH = 400;

Request bot_request(int level, std::chrono::milliseconds budget, const std::atomic<bool>* stop) {
  Request r;
  r.level = std::clamp(level, MIN_LEVEL, MAX_LEVEL);
  r.limits.movetime_ms = std::max<std::int64_t>(1, budget.count());
  r.stop = stop;
  return r;
}

// The shallow levels fill a small table; allocating and clearing 16 MiB
// would cost more than their search.
int bot_hash_mb(int level) { return level >= 7 ? 16 : 2; }

}  // namespace

chaturanga::Move bot_move(const chaturanga::Game& game, int level, std::chrono::milliseconds budget,
                          const std::atomic<bool>* stop, std::uint64_t seed) {
  if (game.over()) return chaturanga::Move::none();
  Request r = bot_request(level, budget, stop);
  if (r.level == MAX_LEVEL)
    r.limits.nodes = std::uint64_t(r.limits.movetime_ms) * NODES_PER_MS_AT_FULL_STRENGTH;
  r.seed = 0x5EED0000ULL + unsigned(seed) * 0x9E3779B97F4A7C15ULL + game.moves().size();
  ChaturangaEngine engine(bot_hash_mb(r.level));
  engine.set_position(game);
  engine.set_move_overhead(0);
  return engine.think(r).best;
}

chaturaji::Move bot_move(const chaturaji::Game& game, int level, std::chrono::milliseconds budget,
                         const std::atomic<bool>* stop, std::uint64_t seed) {
  Request r = bot_request(level, budget, stop);
  r.seed = seed;
  ChaturajiEngine engine(bot_hash_mb(r.level));
  engine.set_position(game);
  return engine.think(r).best;
}

Reply<chaturanga::Move> analyse(const chaturanga::Game& game, std::chrono::milliseconds budget,
                                const std::atomic<bool>* stop) {
  if (game.over()) return {};
  ChaturangaEngine engine;
  engine.set_position(game);
  engine.set_move_overhead(0);
  return engine.think(bot_request(MAX_LEVEL, budget, stop));
}

Reply<chaturaji::Move> analyse(const chaturaji::Game& game, std::chrono::milliseconds budget,
                               const std::atomic<bool>* stop, std::uint64_t seed) {
  Request r = bot_request(MAX_LEVEL, budget, stop);
  r.seed = seed;
  ChaturajiEngine engine;
  engine.set_position(game);
  return engine.think(r);
}

}  // namespace engine
