#include <charconv>
#include <optional>
#include <string_view>

#include "cli/arena.h"
#include "search/chaturaji/eval_params.h"

namespace cli {

const char* const ARENA_USAGE =
    "usage: chaturanga arena --variant chaturaji-teams|chaturaji-dice|chaturaji-points\n"
    "                        --bot SPEC --bot SPEC [--bot SPEC --bot SPEC]\n"
    "                        [--games N] [--openings N] [--opening-plies N] [--max-plies N]\n"
    "                        [--threads N] [--seed N] [--record FILE]\n"
    "  SPEC: name[:depth=N][:ms=N][:nodes=N][:noise=N][:WEIGHT=N], name one of auto random greedy\n"
    "        greedy-material greedy-capture team expectimax star1 brs brs+ paranoid\n"
    "        mcts; WEIGHT an evaluation "
    "weight\n"
    "        (pawn knight boat rook bishop king mobility pawn_step king_zone king_attacked points threat\n"
    "        king_risk)\n"
    "  or uci=COMMAND[:ms=N][:nodes=N][:depth=N][:timeout=MS]: an outside program that speaks the\n"
    "        four-handed UCI (position startpos moves ... or, for dice, position fen ...; then go),\n"
    "        one per thread; COMMAND runs through /bin/sh and may not contain ':'. No bestmove within\n"
    "        timeout (default 2*ms+2000, or 60000 without ms) or an illegal one is a forfeit: that\n"
    "        player times out or resigns in the game, ranks below every player that did not forfeit\n"
    "        (points) and is counted as a forfeit in the report.\n"
    "  teams and dice take two bots (one per team), points four players.\n";

namespace {

std::optional<std::int64_t> to_number(std::string_view text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

struct SpecItem {
  std::string key;
  std::int64_t value;
};

// The `:key=number` items after a bot spec's first word, in order.
core::Expected<std::vector<SpecItem>> spec_items(const std::string& spec) {
  std::vector<SpecItem> items;
  std::size_t colon = spec.find(':');
  while (colon != std::string::npos) {
    const std::size_t next = spec.find(':', colon + 1);
    const std::string item =
        spec.substr(colon + 1, next == std::string::npos ? std::string::npos : next - colon - 1);
    const std::size_t eq = item.find('=');
    const auto v = eq == std::string::npos ? std::nullopt : to_number(std::string_view(item).substr(eq + 1));
    if (!v) return core::error("--bot '" + spec + "': '" + item + "' is not key=number");
    items.push_back({item.substr(0, eq), *v});
    colon = next;
  }
  return items;
}

core::Expected<ArenaBot> parse_external_bot(const std::string& spec) {
  ArenaBot bot;
  bot.spec = spec;
  const std::size_t colon = spec.find(':');
  bot.external.command = spec.substr(4, colon == std::string::npos ? std::string::npos : colon - 4);
  if (bot.external.command.empty()) return core::error("--bot '" + spec + "': uci= needs a command");
  const auto items = spec_items(spec);
  if (!items) return core::error(items.error());
  for (const auto& [key, v] : *items) {
    if (key == "ms")
      bot.external.ms = v;
    else if (key == "nodes")
      bot.external.nodes = std::uint64_t(v);
    else if (key == "depth")
      bot.external.depth = int(std::min<std::int64_t>(v, 64));
    else if (key == "timeout")
      bot.external.timeout_ms = v;
    else
      return core::error("--bot '" + spec + "': an outside program takes ms, nodes, depth or timeout, not '" +
                         key + "'");
  }
  return bot;
}

}  // namespace

core::Expected<ArenaBot> parse_arena_bot(const std::string& spec) {
  if (spec.rfind("uci=", 0) == 0) return parse_external_bot(spec);
  ArenaBot bot;
  bot.spec = spec;
  const std::string name = spec.substr(0, spec.find(':'));
  const auto a = engine::chaturaji_algorithm_from_name(name);
  if (!a) return core::error("--bot '" + spec + "': unknown bot '" + name + "'");
  bot.options.algorithm = *a;
  const auto items = spec_items(spec);
  if (!items) return core::error(items.error());
  for (const auto& [key, v] : *items) {
    if (key == "depth")
      bot.request.limits.depth = int(std::min<std::int64_t>(v, 64));
    else if (key == "ms")
      bot.request.limits.movetime_ms = v;
    else if (key == "nodes")
      bot.request.limits.nodes = std::uint64_t(v);
    else if (key == "noise")
      bot.options.noise = int(v);
    else if (search::chaturaji::EvalParams probe{}; search::chaturaji::set_param(probe, key, int(v)))
      bot.weights.emplace_back(key, int(v));
    else
      return core::error("--bot '" + spec + "': unknown limit or weight '" + key + "'");
  }
  return bot;
}

core::Expected<ArenaOptions> parse_arena_options(const std::vector<std::string>& args) {
  ArenaOptions o;
  bool variant_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (i + 1 >= args.size()) return core::error("'" + key + "' needs a value");
    const std::string& value = args[++i];
    if (key == "--variant") {
      const auto v = chaturaji::variant_from_name(value);
      if (!v) return core::error("--variant '" + value + "': not a four-handed rule set");
      o.variant = *v;
      variant_given = true;
      continue;
    }
    if (key == "--record") {
      o.record = value;
      continue;
    }
    if (key == "--bot") {
      auto bot = parse_arena_bot(value);
      if (!bot) return core::error(bot.error());
      o.bots.push_back(*bot);
      continue;
    }
    const auto n = to_number(value);
    if (!n) return core::error("'" + key + "': '" + value + "' is not a number");
    if (key == "--games")
      o.games = int(*n);
    else if (key == "--openings")
      o.openings = int(*n);
    else if (key == "--opening-plies")
      o.opening_plies = int(*n);
    else if (key == "--max-plies")
      o.max_plies = int(std::max<std::int64_t>(*n, 1));
    else if (key == "--threads")
      o.threads = int(std::clamp<std::int64_t>(*n, 1, 64));
    else if (key == "--seed")
      o.seed = std::uint64_t(*n);
    else
      return core::error("unknown option '" + key + "'");
  }
  if (!variant_given) return core::error("--variant is required");
  for (ArenaBot& bot : o.bots) {
    if (bot.weights.empty()) continue;
    bot.params =
        std::make_shared<search::chaturaji::EvalParams>(search::chaturaji::builtin_params(o.variant));
    for (const auto& [name, value] : bot.weights) search::chaturaji::set_param(*bot.params, name, value);
    bot.options.params = bot.params.get();
  }
  const std::size_t want = o.variant == chaturaji::Variant::Points ? 4 : 2;
  if (o.bots.size() != want)
    return core::error(std::string(chaturaji::rules(o.variant).name) + " needs " + std::to_string(want) +
                       " --bot options, got " + std::to_string(o.bots.size()));
  return o;
}

}  // namespace cli
