// Google Benchmark for the rules core: perft, move counting and the judge.
#include <benchmark/benchmark.h>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "chaturanga/perft.h"
#include "cli/judge.h"

namespace {

using namespace chaturanga;

void BM_PerftStart(benchmark::State& state) {
  const Position pos = Position::start();
  const int depth = int(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, depth);
  state.counters["leaves/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftStart)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

void BM_PerftMiddlegame(benchmark::State& state) {
  const Position pos = *parse_fen("r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1");
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, 5);
  state.counters["leaves/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PerftMiddlegame)->Unit(benchmark::kMillisecond);

void BM_GenerateAll(benchmark::State& state) {
  const Position pos = *parse_fen("r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1");
  for (auto _ : state) {
    MoveList list;
    generate<GenKind::All>(pos, list);
    benchmark::DoNotOptimize(list.size());
  }
}
BENCHMARK(BM_GenerateAll);

void BM_JudgeLine(benchmark::State& state) {
  const std::string line =
      R"({"variant": "chaturanga", "fen": "r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1", "moves": ["e3f4", "e6f5"]})";
  for (auto _ : state) benchmark::DoNotOptimize(cli::judge_line(line));
  state.counters["lines/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_JudgeLine);

}  // namespace
