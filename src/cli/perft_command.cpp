#include "cli/perft_command.h"

#include <iostream>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"
#include "chaturanga/perft.h"
#include "cli/variant_perfts.h"

namespace cli {

namespace {

constexpr const char* USAGE = "usage: chaturanga perft [--variant V] [--rules K=V,...] [--fen F] DEPTH\n";

struct PerftArgs {
  std::string variant = "chaturanga";
  std::string rules;
  bool has_rules = false;
  std::string fen;
  int depth = -1;
};

bool read_args(const std::vector<std::string>& args, PerftArgs& a, std::ostream& err) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "--variant" || args[i] == "--fen" || args[i] == "--rules") && i + 1 < args.size()) {
      (args[i] == "--variant" ? a.variant : args[i] == "--fen" ? a.fen : a.rules) = args[i + 1];
      a.has_rules |= args[i] == "--rules";
      ++i;
    } else if (a.depth < 0 && !args[i].empty() &&
               args[i].find_first_not_of("0123456789") == std::string::npos && args[i].size() < 4) {
      a.depth = std::stoi(args[i]);
    } else {
      err << "perft: unexpected argument '" << args[i] << "'\n" << USAGE;
      return false;
    }
  }
  if (a.depth < 1) {
    err << "perft: give a depth of at least 1\n" << USAGE;
    return false;
  }
  return true;
}

// The game of the family named `variant`, with `--rules` applied; null after an error.
const chaturanga::RuleSet* family_rules(const PerftArgs& a, std::ostream& err) {
  const chaturanga::RuleSet* rules = chaturanga::find_rules(a.variant);
  if (!rules || !a.has_rules) return rules;
  if (rules->variant != chaturanga::Variant::Chaturanga) {
    err << "perft: --rules are Chaturanga's options; " << a.variant << " has none\n";
    return nullptr;
  }
  // Options given with the preset's name change the preset.
  const auto options =
      chaturanga::parse_options((a.variant == "chaturanga-chesscom" ? "chesscom," : "") + a.rules);
  if (!options) {
    err << "perft: " << options.error() << '\n';
    return nullptr;
  }
  return &chaturanga::chaturanga_rules(*options);
}

}  // namespace

int run_perft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  PerftArgs a;
  if (!read_args(args, a, err)) return 2;
  if (!chaturanga::find_rules(a.variant)) {
    if (a.has_rules) {
      err << "perft: --rules are Chaturanga's options; " << a.variant << " has none\n";
      return 2;
    }
    if (const VariantPerft other = find_variant_perft(a.variant)) return other(a.fen, a.depth, out, err);
    err << "perft: unknown variant '" << a.variant << "'\n";
    return 2;
  }
  const chaturanga::RuleSet* rules = family_rules(a, err);
  if (!rules) return 2;
  const auto pos = a.fen.empty() ? core::Expected<chaturanga::Position>(chaturanga::start_position(*rules))
                                 : chaturanga::parse_fen(*rules, a.fen);
  if (!pos) {
    err << "perft: bad FEN: " << pos.error() << '\n';
    return 2;
  }
  return print_divide([&] { return chaturanga::perft_divide(*pos, a.depth); },
                      [&](chaturanga::Move move) { return chaturanga::to_uci(move, *rules); }, out, err);
}

}  // namespace cli
