#include "engine/bench.h"

#include <chrono>
#include <ostream>

#include "chaturanga/fen.h"
#include "engine/chaturanga_engine.h"

namespace engine {

const std::vector<std::string_view>& bench_positions() {
  static const std::vector<std::string_view> positions = {
      "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
      "r1bkqb1r/pp1n1n1p/2ppppp1/8/3P4/P1N1PNP1/1PP2P1P/R1BQKB1R b - - 0 9",
      "3rq1r1/p3kn2/Pp1bbnpp/2ppp3/6P1/1P2PN1P/2P1QP2/RNB1KB1R w - - 0 21",
      "r7/3k2rP/Ppnbbnp1/2pp4/4p3/1PN1PP1P/2P1Q3/R1BK1BR1 b - - 0 33",
      "r1bkqb1r/1pp1n1pp/p1nppp2/2P5/8/B1N2NP1/PP1PPP1P/R2QKB1R b - - 1 9",
      "r2k1bn1/1p1q3p/p1p1b3/2Ppnp2/4p3/B1N1P2P/PP1PQP1N/2R1KB2 w - - 0 21",
      "4k3/1p1qn2p/2p4b/r1Pp4/3N4/B2pP2K/Pn1P1P2/8 b - - 0 33",
      "r1bk3r/pp1q4/2p3pp/4p1p1/P2p1bRn/BP5P/2PPQP2/R3KBN1 w - - 4 21",
      "1rb4r/p7/4k1pp/1R2p3/P2pQbqp/1P6/3P1P2/4KB2 b - - 3 33",
      "8/8/3k4/8/2n5/8/3R4/4K3 w - - 0 1",
      "8/2k5/8/2p5/8/4KP2/4R3/8 b - - 0 1",
      "8/5k2/3q4/1p6/1P6/2K5/4N3/8 w - - 0 1",
  };
  return positions;
}

BenchResult run_bench(std::ostream& out, int depth, int hash_mb) {
  BenchResult total;
  ChaturangaEngine engine;
  engine.set_hash(hash_mb);
  engine.set_threads(1);
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (const std::string_view fen : bench_positions()) {
    auto game = chaturanga::Game::from_fen(fen);
    if (!game) continue;
    engine.new_game();
    engine.set_position(*game);
    Request request;
    request.limits.depth = depth;
    const ChaturangaEngine::Reply r = engine.think(request);
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
