// Engine speed: static evaluation, SEE-ordered move picking and a fixed-depth
// search over the bench positions. Nodes per second is the search's counter.
#include <benchmark/benchmark.h>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "engine/bench.h"
#include "engine/chaturanga_engine.h"
#include "search/chaturanga/eval.h"
#include "search/chaturanga/movepick.h"

namespace {

std::vector<chaturanga::Position> bench_positions() {
  std::vector<chaturanga::Position> positions;
  for (const auto fen : engine::bench_positions()) positions.push_back(*chaturanga::parse_fen(fen));
  return positions;
}

void engine_evaluate(benchmark::State& state) {
  const auto positions = bench_positions();
  std::int64_t n = 0;
  for (auto _ : state)
    for (const auto& pos : positions) {
      benchmark::DoNotOptimize(search::chaturanga::evaluate(pos));
      ++n;
    }
  state.SetItemsProcessed(n);
}
BENCHMARK(engine_evaluate);

void engine_pick_moves(benchmark::State& state) {
  const auto positions = bench_positions();
  static search::chaturanga::History history;
  history.clear();
  std::int64_t n = 0;
  for (auto _ : state)
    for (const auto& pos : positions) {
      search::chaturanga::MovePicker picker(pos, chaturanga::Move::none(), history, 0,
                                            chaturanga::Move::none(), false);
      while (const chaturanga::Move m = picker.next()) {
        benchmark::DoNotOptimize(m);
        ++n;
      }
    }
  state.SetItemsProcessed(n);
}
BENCHMARK(engine_pick_moves);

// One thread, fresh 16 MB table per position, depth from the argument.
void engine_search(benchmark::State& state) {
  std::uint64_t nodes = 0;
  engine::ChaturangaEngine e;
  for (auto _ : state)
    for (const auto fen : engine::bench_positions()) {
      e.new_game();
      e.set_position(*chaturanga::Game::from_fen(fen));
      engine::Request request;
      request.limits.depth = int(state.range(0));
      nodes += e.think(request).nodes;
    }
  state.counters["nps"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(engine_search)->Arg(12)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
