// Google Benchmark for the four-handed bots: nodes per second at a fixed
// depth, and the depth one second reaches, from each rule set's start.
#include <benchmark/benchmark.h>

#include "engine/chaturaji_bot.h"

namespace {

using chaturaji::Variant;
using engine::ChaturajiAlgorithm;

struct Case {
  Variant variant;
  ChaturajiAlgorithm algorithm;
  int depth;
};
constexpr Case CASES[] = {
    {Variant::Teams, ChaturajiAlgorithm::Team, 9},     {Variant::Dice, ChaturajiAlgorithm::Expectimax, 4},
    {Variant::Dice, ChaturajiAlgorithm::Star1, 4},     {Variant::Points, ChaturajiAlgorithm::Brs, 6},
    {Variant::Points, ChaturajiAlgorithm::BrsPlus, 6}, {Variant::Points, ChaturajiAlgorithm::Paranoid, 6},
};

void report(benchmark::State& state, const engine::ChaturajiReply& r, std::uint64_t nodes, double ms) {
  state.counters["nodes"] = double(r.result.nodes);
  state.counters["depth"] = r.result.depth;
  state.counters["nodes/s"] = ms > 0 ? double(nodes) * 1000.0 / ms : 0;
  state.SetLabel(std::string(chaturaji::rules(CASES[state.range(0)].variant).name) + " " +
                 std::string(engine::chaturaji_algorithm_name(CASES[state.range(0)].algorithm)));
}

// Fixed depth from the start with a fresh table: the node count is the
// search's signature.
void BM_ChaturajiFixedDepth(benchmark::State& state) {
  const Case& c = CASES[state.range(0)];
  const chaturaji::Game game(c.variant, 1);
  engine::ChaturajiRequest request;
  request.algorithm = c.algorithm;
  request.limits.depth = c.depth;
  engine::ChaturajiReply reply;
  std::uint64_t nodes = 0;
  double ms = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    reply = engine::chaturaji_think(game, request);
    ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    nodes += reply.result.nodes;
  }
  report(state, reply, nodes, ms);
}
BENCHMARK(BM_ChaturajiFixedDepth)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(1);

// One second from the start: the depth reached and the speed.
void BM_ChaturajiOneSecond(benchmark::State& state) {
  const Case& c = CASES[state.range(0)];
  const chaturaji::Game game(c.variant, 1);
  engine::ChaturajiRequest request;
  request.algorithm = c.algorithm;
  request.limits.time_ms = 1000;
  engine::ChaturajiReply reply;
  std::uint64_t nodes = 0;
  double ms = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    reply = engine::chaturaji_think(game, request);
    ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    nodes += reply.result.nodes;
  }
  state.counters["reply_ms"] = ms / double(state.iterations());
  report(state, reply, nodes, ms);
}
BENCHMARK(BM_ChaturajiOneSecond)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
