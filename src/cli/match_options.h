// The command line of `chaturanga match`, parsed into values.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "chaturanga/rule_set.h"
#include "cli/match_stats.h"
#include "core/expected.h"

namespace cli {

struct EngineSpec {
  std::string name;
  std::string command;
  std::vector<std::pair<std::string, std::string>> options;  // setoption name/value, in order
  // This engine's node limit a move, in place of --nodes (0: --nodes): two
  // programs of different speeds matched at fixed work, unaffected by load.
  std::uint64_t nodes = 0;
};

struct MatchOptions {
  EngineSpec engines[2];
  // The game of the Chaturanga family our referee judges; its UCI_Variant
  // name is sent to each engine whose spec sets no UCI_Variant itself.
  std::string variant = "chaturanga";
  const chaturanga::RuleSet* rules = &chaturanga::seed_rules();
  std::int64_t base_ms = 0;  // clock per side; with inc_ms, the time control
  std::int64_t inc_ms = 0;
  std::int64_t movetime_ms = 0;
  std::uint64_t nodes = 0;
  int depth = 0;
  int games = 2;
  int concurrency = 1;
  std::string openings_file;  // one FEN per line; empty: random openings
  int random_plies = 6;
  int balance_cp = 60;  // random openings must look this close to level
  std::uint64_t seed = 1;
  std::string pgn_file;
  bool use_sprt = false;
  Sprt sprt;
  std::int64_t margin_ms = 200;  // a clock may run this far below zero before a forfeit
  int max_plies = 600;
};

extern const char* const MATCH_USAGE;

core::Expected<MatchOptions> parse_match_options(const std::vector<std::string>& args);

}  // namespace cli
