#include "engine/bot.h"

#include <algorithm>

#include "engine/engine.h"
#include "engine/levels.h"
#include "search/score.h"

namespace engine {

namespace {

// Full strength is node-bound too, so that a fixed seed gives a fixed move
// on any machine fast enough; the budget stays a hard cap.
constexpr std::uint64_t NODES_PER_MS_AT_FULL_STRENGTH = 400;

search::Limits limits_for(const LevelSpec& spec, std::chrono::milliseconds budget) {
  search::Limits l;
  l.depth = spec.depth;
  l.nodes = spec.nodes;
  l.multipv = spec.multipv;
  l.movetime_ms = std::max<std::int64_t>(1, budget.count());
  return l;
}

}  // namespace

chaturanga::Move bot_move(const chaturanga::Game& game, int level, std::chrono::milliseconds budget,
                          const std::atomic<bool>* stop, unsigned seed) {
  if (game.over()) return chaturanga::Move::none();
  level = std::clamp(level, MIN_LEVEL, MAX_LEVEL);
  LevelSpec spec = level_spec(level);
  if (level == MAX_LEVEL)
    spec.nodes = std::uint64_t(std::max<std::int64_t>(1, budget.count())) * NODES_PER_MS_AT_FULL_STRENGTH;
  Engine engine(level >= 7 ? 16 : 2);
  engine.set_position(game);
  engine.set_move_overhead(0);
  const search::Result r = engine.search(limits_for(spec, budget), stop);
  core::Rng rng(0x5EED0000ULL + seed * 0x9E3779B97F4A7C15ULL + game.moves().size());
  return pick_move(r, spec, rng);
}

Analysis analyse(const chaturanga::Game& game, std::chrono::milliseconds budget,
                 const std::atomic<bool>* stop, int multipv, int depth) {
  Analysis a;
  if (game.over()) return a;
  Engine engine;
  engine.set_position(game);
  engine.set_move_overhead(0);
  search::Limits l;
  l.movetime_ms = std::max<std::int64_t>(1, budget.count());
  l.multipv = std::max(1, multipv);
  l.depth = std::max(0, depth);
  // Each completed depth reports every line in order, so the last report of
  // each index is that line at the last completed depth. (The result's own
  // lines may come from a depth cut short, in another order.)
  std::vector<search::Report> last(std::size_t(l.multipv));
  const search::Result r = engine.search(l, stop, [&](const search::Report& rep) {
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
