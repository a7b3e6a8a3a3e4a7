#include "cli/match_options.h"

#include <algorithm>
#include <stdexcept>

namespace cli {

const char* const MATCH_USAGE =
    "usage: chaturanga match [--variant V] --engine name=A cmd=\"PROGRAM ARGS\" [option.NAME=VALUE ...]\n"
    "                        --engine name=B cmd=... [option.NAME=VALUE ...] [nodes=N]\n"
    "                        [--tc SECONDS+INC | --movetime MS | --nodes N | --depth D]\n"
    "                        [--games N] [--concurrency N] [--openings FILE | --random-plies N]\n"
    "                        [--balance CP] [--seed N] [--pgn FILE] [--margin MS] [--max-plies N]\n"
    "                        [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05]\n"
    "Games go in pairs: each opening once with each colour. Scores are the first engine's.\n"
    "V is a UCI_Variant of the Chaturanga family (chaturanga, chaturanga-chesscom, shatranj, makruk,\n"
    "cambodian, sittuyin, ...); our referee judges by its rules, and each engine gets\n"
    "setoption UCI_Variant V unless its option.UCI_Variant says otherwise.\n"
    "An engine's nodes=N limits its moves to N nodes in place of --nodes (fixed work for two\n"
    "programs of different speeds; with --tc both limits hold).\n";

namespace {

core::Expected<double> number(const std::string& flag, const std::string& text) {
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size()) throw std::invalid_argument(text);
    return v;
  } catch (const std::exception&) {
    return core::error(flag + ": '" + text + "' is not a number");
  }
}

// The key=value items that follow a flag, up to the next flag.
std::vector<std::string> items_after(const std::vector<std::string>& args, std::size_t& i) {
  std::vector<std::string> items;
  while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) items.push_back(args[++i]);
  return items;
}

core::Expected<EngineSpec> parse_engine(const std::vector<std::string>& items) {
  EngineSpec e;
  for (const std::string& kv : items) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos) return core::error("--engine: expected key=value, got '" + kv + "'");
    const std::string key = kv.substr(0, eq);
    const std::string value = kv.substr(eq + 1);
    if (key == "name")
      e.name = value;
    else if (key == "cmd")
      e.command = value;
    else if (key.rfind("option.", 0) == 0)
      e.options.emplace_back(key.substr(7), value);
    else if (key == "nodes") {
      auto n = number("--engine nodes", value);
      if (!n || *n < 1) return core::error("--engine: nodes= takes a positive number, got '" + value + "'");
      e.nodes = std::uint64_t(*n);
    } else
      return core::error("--engine: unknown key '" + key + "' (name, cmd, option.NAME, nodes)");
  }
  if (e.command.empty()) return core::error("--engine: cmd= is missing");
  if (e.name.empty()) e.name = e.command;
  return e;
}

core::Expected<Sprt> parse_sprt(const std::vector<std::string>& items) {
  Sprt sprt;
  for (const std::string& kv : items) {
    const auto eq = kv.find('=');
    auto v = number("--sprt", eq == std::string::npos ? kv : kv.substr(eq + 1));
    if (eq == std::string::npos || !v) return core::error("--sprt: expected key=number, got '" + kv + "'");
    const std::string key = kv.substr(0, eq);
    if (key == "elo0")
      sprt.elo0 = *v;
    else if (key == "elo1")
      sprt.elo1 = *v;
    else if (key == "alpha")
      sprt.alpha = *v;
    else if (key == "beta")
      sprt.beta = *v;
    else
      return core::error("--sprt: unknown key '" + key + "'");
  }
  return sprt;
}

// --tc SECONDS+INC
core::Expected<bool> parse_tc(const std::string& flag, const std::string& text, MatchOptions& o) {
  const auto plus = text.find('+');
  auto base = number(flag, text.substr(0, plus));
  auto inc = plus == std::string::npos ? core::Expected<double>(0.0) : number(flag, text.substr(plus + 1));
  if (!base || !inc || *base <= 0 || *inc < 0)
    return core::error("--tc: expected SECONDS+INC, got '" + text + "'");
  o.base_ms = std::int64_t(*base * 1000);
  o.inc_ms = std::int64_t(*inc * 1000);
  return true;
}

// The flags that take one non-negative number; false for another flag.
bool set_number(const std::string& flag, double v, MatchOptions& o) {
  if (flag == "--movetime")
    o.movetime_ms = std::int64_t(v);
  else if (flag == "--nodes")
    o.nodes = std::uint64_t(v);
  else if (flag == "--depth")
    o.depth = int(v);
  else if (flag == "--games")
    o.games = std::max(1, int(v));
  else if (flag == "--concurrency")
    o.concurrency = std::max(1, int(v));
  else if (flag == "--random-plies")
    o.random_plies = int(v);
  else if (flag == "--balance")
    o.balance_cp = int(v);
  else if (flag == "--seed")
    o.seed = std::uint64_t(v);
  else if (flag == "--margin")
    o.margin_ms = std::int64_t(v);
  else if (flag == "--max-plies")
    o.max_plies = std::max(1, int(v));
  else
    return false;
  return true;
}

}  // namespace

core::Expected<MatchOptions> parse_match_options(const std::vector<std::string>& args) {
  MatchOptions o;
  int engines = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--engine") {
      if (engines == 2) return core::error("--engine: only two engines play a match");
      auto e = parse_engine(items_after(args, i));
      if (!e) return core::error(e.error());
      o.engines[engines++] = *e;
      continue;
    }
    if (flag == "--sprt") {
      auto sprt = parse_sprt(items_after(args, i));
      if (!sprt) return core::error(sprt.error());
      o.use_sprt = true;
      o.sprt = *sprt;
      continue;
    }
    if (i + 1 >= args.size()) return core::error(flag + " needs a value");
    const std::string& value = args[++i];
    if (flag == "--tc") {
      if (auto ok = parse_tc(flag, value, o); !ok) return core::error(ok.error());
    } else if (flag == "--variant") {
      o.rules = chaturanga::find_uci_variant(value, chaturanga::Options{});
      if (!o.rules) return core::error("--variant '" + value + "': not a game of the Chaturanga family");
      o.variant = value;
    } else if (flag == "--openings" || flag == "--pgn") {
      (flag == "--openings" ? o.openings_file : o.pgn_file) = value;
    } else if (MatchOptions probe; set_number(flag, 0, probe)) {
      auto v = number(flag, value);
      if (!v) return core::error(v.error());
      if (*v < 0) return core::error(flag + " must not be negative");
      set_number(flag, *v, o);
    } else {
      return core::error("unknown argument '" + flag + "'");
    }
  }
  if (engines != 2) return core::error("a match needs two --engine");
  const bool each_has_nodes = o.engines[0].nodes && o.engines[1].nodes;
  if (!o.base_ms && !o.movetime_ms && !o.nodes && !o.depth && !each_has_nodes)
    return core::error("give a limit: --tc, --movetime, --nodes or --depth");
  return o;
}

}  // namespace cli
