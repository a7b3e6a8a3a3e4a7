#include "engine/bot.h"

#include <algorithm>
#include <vector>

#include "engine/chaturaji_engine.h"
#include "engine/chaturanga_engine.h"
#include "search/score.h"

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
                               const std::atomic<bool>* stop, std::uint64_t seed, int depth) {
  Request r = bot_request(MAX_LEVEL, budget, stop);
  r.seed = seed;
  r.limits.depth = std::max(0, depth);
  ChaturajiEngine engine;
  engine.set_position(game);
  return engine.think(r);
}

Analysis analyse_lines(const chaturanga::Game& game, std::chrono::milliseconds budget,
                       const std::atomic<bool>* stop, int multipv, int depth) {
  Analysis a;
  if (game.over()) return a;
  ChaturangaEngine engine;
  engine.set_position(game);
  engine.set_move_overhead(0);
  Request request = bot_request(MAX_LEVEL, budget, stop);
  search::Limits& l = request.limits;
  l.multipv = std::max(1, multipv);
  l.depth = std::max(0, depth);
  // Each completed depth reports every line in order, so the last report of
  // each index is that line at the last completed depth. (The reply's own
  // lines may come from a depth cut short, in another order.)
  std::vector<ChaturangaEngine::Report> last(std::size_t(l.multipv));
  const auto r = engine.think(request, [&](const ChaturangaEngine::Report& rep) {
    if (rep.multipv >= 1 && rep.multipv <= l.multipv) last[std::size_t(rep.multipv - 1)] = rep;
  });
  a.depth = r.depth;
  // The lines of the last completed depth, as reported; a search stopped in
  // its first depth has only the result's moves.
  const bool reported = !last[0].pv.empty();
  const std::size_t count = reported ? last.size() : r.lines.size();
  for (std::size_t i = 0; i < count; ++i) {
    if (reported && last[i].pv.empty()) break;
    AnalysisLine line;
    const int score = reported ? last[i].score : r.lines[i].score;
    if (search::is_decisive(score))
      line.mate = search::mate_moves(score);
    else
      line.score_cp = score;
    line.pv = reported ? last[i].pv : std::vector<chaturanga::Move>{r.lines[i].move};
    a.lines.push_back(std::move(line));
  }
  if (!a.lines.empty()) {
    a.score_cp = a.lines[0].score_cp;
    a.mate = a.lines[0].mate;
    a.pv = a.lines[0].pv;
  }
  return a;
}

}  // namespace engine
