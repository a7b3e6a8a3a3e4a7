// Google Benchmark for the four-handed bots: nodes per second at a fixed
// depth, and the depth one second reaches, from each rule set's start.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>

#include "engine/bot.h"
#include "engine/chaturaji_engine.h"

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

void report(benchmark::State& state, const engine::ChaturajiEngine::Reply& r, std::uint64_t nodes,
            double ms) {
  state.counters["nodes"] = double(r.nodes);
  state.counters["depth"] = r.depth;
  state.counters["nodes/s"] = ms > 0 ? double(nodes) * 1000.0 / ms : 0;
  state.SetLabel(std::string(chaturaji::rules(CASES[state.range(0)].variant).name) + " " +
                 std::string(engine::chaturaji_algorithm_name(CASES[state.range(0)].algorithm)));
}

// Fixed depth from the start with a fresh table: the node count is the
// search's signature.
void BM_ChaturajiFixedDepth(benchmark::State& state) {
  const Case& c = CASES[state.range(0)];
  const chaturaji::Game game(c.variant, 1);
  engine::Request request;
  request.limits.depth = c.depth;
  engine::ChaturajiEngine::Reply reply;
  std::uint64_t nodes = 0;
  double ms = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    // A fresh engine each time: the table is part of the reply's cost.
    engine::ChaturajiEngine e;
    e.set_algorithm(c.algorithm);
    e.set_position(game);
    reply = e.think(request);
    ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    nodes += reply.nodes;
  }
  report(state, reply, nodes, ms);
}
BENCHMARK(BM_ChaturajiFixedDepth)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(1);

// One second from the start: the depth reached and the speed.
void BM_ChaturajiOneSecond(benchmark::State& state) {
  const Case& c = CASES[state.range(0)];
  const chaturaji::Game game(c.variant, 1);
  engine::Request request;
  request.limits.movetime_ms = 1000;
  engine::ChaturajiEngine::Reply reply;
  std::uint64_t nodes = 0;
  double ms = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    // A fresh engine each time: the table is part of the reply's cost.
    engine::ChaturajiEngine e;
    e.set_algorithm(c.algorithm);
    e.set_position(game);
    reply = e.think(request);
    ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    nodes += reply.nodes;
  }
  state.counters["reply_ms"] = ms / double(state.iterations());
  report(state, reply, nodes, ms);
}
BENCHMARK(BM_ChaturajiOneSecond)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->Iterations(1);

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// The level-8 bot with a 100 ms bound plays 40 half-moves of one game: the
// slowest reply by the wall clock and by this thread's CPU time.
void BM_ChaturajiReplyBound(benchmark::State& state) {
  const Variant v = Variant(state.range(0));
  double worst_wall = 0, worst_cpu = 0;
  for (auto _ : state) {
    chaturaji::Game game(v, 1);
    for (int ply = 0; ply < 40 && !game.over(); ++ply) {
      const auto t0 = std::chrono::steady_clock::now();
      const double c0 = thread_cpu_ms();
      const chaturaji::Move m = engine::bot_move(game, 8, std::chrono::milliseconds(100));
      worst_cpu = std::max(worst_cpu, thread_cpu_ms() - c0);
      worst_wall =
          std::max(worst_wall,
                   std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      game.play(m);
    }
  }
  state.counters["slowest_wall_ms"] = worst_wall;
  state.counters["slowest_cpu_ms"] = worst_cpu;
  state.SetLabel(std::string(chaturaji::rules(v).name));
}
BENCHMARK(BM_ChaturajiReplyBound)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
