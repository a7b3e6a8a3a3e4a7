// Perft speed of the four-handed rule sets (leaves per second, one thread).
// `points` counts the last ply in bulk; the counts are checked, so a faster
// but wrong generator reports an error instead of a figure.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/perft.h"

namespace {

using chaturaji::Position;
using chaturaji::Variant;

void run(benchmark::State& state, const Position& pos, int depth, std::uint64_t expected) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = chaturaji::perft(pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  if (expected && nodes != expected) state.SkipWithError("wrong perft count");
  state.counters["leaves"] = double(nodes);
  state.counters["leaves_per_second"] =
      benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_ChaturajiPointsPerft8(benchmark::State& state) {
  run(state, Position::start(Variant::Points), 8, 51820876);
}
void BM_ChaturajiPointsPerft9(benchmark::State& state) {
  run(state, Position::start(Variant::Points), 9, 658176356);
}
// Every leaf made (no bulk counting), for comparison with engines that make
// the last ply too.
std::uint64_t perft_made(const Position& pos, int depth) {
  if (depth == 0) return 1;
  chaturaji::MoveList list;
  chaturaji::generate(pos, list);
  std::uint64_t nodes = 0;
  for (const chaturaji::Move m : list) {
    Position next = pos;
    next.play_board_only(m);
    nodes += perft_made(next, depth - 1);
  }
  return nodes;
}

void BM_ChaturajiPointsPerft8EveryLeafMade(benchmark::State& state) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft_made(Position::start(Variant::Points), 8);
    benchmark::DoNotOptimize(nodes);
  }
  if (nodes != 51820876) state.SkipWithError("wrong perft count");
  state.counters["leaves_per_second"] =
      benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_ChaturajiTeamsPerft6(benchmark::State& state) {
  run(state, Position::start(Variant::Teams), 6, 543362);
}
void BM_ChaturajiDicePerft10(benchmark::State& state) {
  const auto pos =
      chaturaji::parse_fen(Variant::Dice, chaturaji::start_fen(Variant::Teams) + " dice=53,35,55,33");
  run(state, *pos, 10, 12499744);
}

BENCHMARK(BM_ChaturajiPointsPerft8)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_ChaturajiPointsPerft9)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ChaturajiPointsPerft8EveryLeafMade)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ChaturajiTeamsPerft6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ChaturajiDicePerft10)->Unit(benchmark::kMillisecond);

}  // namespace
