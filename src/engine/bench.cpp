#include "engine/bench.h"

#include <chrono>
#include <ostream>

#include "chaturanga/fen.h"
#include "engine/engine.h"

namespace engine {

const std::vector<std::string_view>& bench_positions() {
  static const std::vector<std::string_view> positions = {
      "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
  };
  return positions;
}

BenchResult run_bench(std::ostream& out, int depth, int hash_mb) {
  BenchResult total;
  Engine engine;
  engine.set_hash(hash_mb);
  engine.set_threads(1);
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (const std::string_view fen : bench_positions()) {
    auto game = chaturanga::Game::from_fen(fen);
    if (!game) continue;
    engine.new_game();
    engine.set_position(*game);
    search::Limits limits;
    limits.depth = depth;
    const search::Result r = engine.search(limits);
    out << "Position " << ++index << '/' << bench_positions().size() << ": " << r.nodes << " nodes\n";
    total.nodes += r.nodes;
  }
  total.time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  out << "\n===========================\n"
      << "Total time (ms) : " << total.time_ms << '\n'
      << "Nodes searched  : " << total.nodes << '\n'
      << "Nodes/second    : " << total.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, total.time_ms))
      << '\n'
      << total.nodes << std::endl;
  return total;
}

}  // namespace engine
