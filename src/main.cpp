// The one program: chaturanga serve | uci | play | perft | judge.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cli/arena.h"
#include "cli/judge.h"
#include "cli/match.h"
#include "cli/perft_command.h"
#include "cli/play.h"
#include "core/bitboard.h"
#include "engine/bench.h"
#include "server/server.h"
#include "tune/chaturaji_texel.h"
#include "tune/chaturanga_command.h"
#include "uci/uci.h"

namespace {

constexpr const char* USAGE =
    "usage: chaturanga <command> [options]\n"
    "  serve [--port 8080] [--db PATH]         the web app (serve --help for more)\n"
    "  uci [--tune]                            speak UCI on stdin/stdout (--tune: search constants as "
    "options)\n"
    "  play                                    play against the bot in the terminal\n"
    "  perft [--variant V] [--fen F] DEPTH     count move-tree leaves\n"
    "  judge                                   JSON-lines referee on stdin/stdout\n"
    "  bench [DEPTH]                           fixed search; prints the node-count signature\n"
    "  match --engine ... --engine ...         play two UCI engines under our rules (match --help)\n"
    "  tune --pgn FILE                         tune the evaluation on games (Texel's method)\n"
    "  tune4 --variant V --games FILE          tune a four-handed evaluation on arena records\n"
    "  arena --variant V --bot SPEC ...        four-handed bots against each other (arena --help)\n";

}  // namespace

int main(int argc, char** argv) {
  core::init();
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::string command = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.empty() ? args.end() : args.begin() + 1, args.end());
  if (command == "serve") {
    if (!rest.empty() && (rest[0] == "--help" || rest[0] == "-h")) {
      std::cout << server::SERVE_USAGE;
      return 0;
    }
    auto options = server::parse_serve_options(rest);
    if (!options) {
      std::cerr << options.error() << "\n" << server::SERVE_USAGE;
      return 2;
    }
    return server::run_server(*options, std::cout, std::cerr);
  }
  if (command == "uci") {
    if (!rest.empty() && (rest.size() > 1 || rest[0] != "--tune")) {
      const std::string& odd = rest[0] == "--tune" ? rest[1] : rest[0];
      std::cerr << "uci: the only option is --tune (the search's constants as UCI options), got '" << odd
                << "'\n";
      return 2;
    }
    return uci::run(std::cin, std::cout, {}, !rest.empty());
  }
  if (command == "judge") return cli::run_judge(std::cin, std::cout);
  if (command == "match") return cli::run_match(rest, std::cout, std::cerr);
  if (command == "tune") return tune::run_tune_chaturanga(rest, std::cout, std::cerr);
  if (command == "tune4") return tune::run_tune_chaturaji(rest, std::cout, std::cerr);
  if (command == "arena") return cli::run_arena(rest, std::cout, std::cerr);
  if (command == "bench") {
    const int depth = rest.empty() ? engine::BENCH_DEPTH : std::atoi(rest[0].c_str());
    if (depth < 1 || depth > 30) {
      std::cerr << "bench: depth must be from 1 to 30\n";
      return 2;
    }
    engine::run_bench(std::cout, depth);
    return 0;
  }
  if (command == "perft") return cli::run_perft(rest, std::cout, std::cerr);
  if (command == "play") return cli::run_play(rest, std::cin, std::cout);
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << USAGE;
    return 0;
  }
  std::cerr << (command.empty() ? "no command given\n" : "unknown command '" + command + "'\n") << USAGE;
  return 2;
}
