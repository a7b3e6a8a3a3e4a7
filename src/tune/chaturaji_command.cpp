#include <algorithm>
#include <fstream>
#include <ostream>

#include "chaturaji/rules.h"
#include "core/flag_pairs.h"
#include "tune/chaturaji_texel.h"

namespace tune {

const char* const CHATURAJI_TUNE_USAGE =
    "usage: chaturanga tune4 --variant chaturaji-teams|chaturaji-dice|chaturaji-points --games FILE\n"
    "                        [--games FILE ...] [--holdout FILE ...] [--passes N] [--seconds S]\n"
    "                        [--skip-plies N] [--every N] [--freeze W,W...] [--WEIGHT N ...]\n"
    "Tunes the rule set's evaluation weights (Texel's method) on games recorded by\n"
    "`chaturanga arena --record FILE`, starting from the built-in weights or those\n"
    "given (e.g. --knight 300), and prints the new weights as an EvalParams\n"
    "initialiser and as bot-spec weights. --freeze names weights left as they are.\n"
    "Labels: teams, dice the team's result (1, 0.5, 0); points the seat's share of\n"
    "first place. Only positions where the player to move has no capture are used;\n"
    "no weight goes below 0. --holdout games are not tuned on; their error is\n"
    "reported before and after.\n";

namespace {

struct ChaturajiTuneArgs {
  chaturaji::Variant variant = chaturaji::Variant::Teams;
  bool has_variant = false;
  std::vector<std::string> games;
  std::vector<std::string> holdout;
  ChaturajiRead read;
  tune::DescentOptions descent{
      .passes = 8, .seconds = 600, .steps = {32, 16, 8, 4, 2, 1}, .line_search = true};
  std::vector<std::pair<std::string, int>> weights;
  std::vector<std::string> frozen;
};

bool parse(const std::vector<std::string>& args, ChaturajiTuneArgs& t, std::string& error) {
  const bool read =
      core::read_flag_pairs(args, error, [&](const std::string& flag, const std::string& value) {
        if (flag == "--variant") {
          const auto v = chaturaji::variant_from_name(value);
          if (!v) {
            error = "--variant: '" + value + "' is no four-handed rule set";
            return false;
          }
          t.variant = *v;
          t.has_variant = true;
        } else if (flag == "--games") {
          t.games.push_back(value);
        } else if (flag == "--holdout") {
          t.holdout.push_back(value);
        } else if (flag == "--passes") {
          t.descent.passes = std::stoi(value);
        } else if (flag == "--seconds") {
          t.descent.seconds = std::stod(value);
        } else if (flag == "--skip-plies") {
          t.read.skip_plies = std::stoi(value);
        } else if (flag == "--freeze") {
          for (std::size_t at = 0; at <= value.size();) {
            const std::size_t comma = std::min(value.find(',', at), value.size());
            const std::string name = value.substr(at, comma - at);
            search::chaturaji::EvalParams probe{};
            if (!search::chaturaji::set_param(probe, name, 0)) {
              error = "--freeze: '" + name + "' is no weight";
              return false;
            }
            t.frozen.push_back(name);
            at = comma + 1;
          }
        } else if (flag == "--every") {
          t.read.every = std::max(1, std::stoi(value));
        } else if (flag.starts_with("--")) {
          search::chaturaji::EvalParams probe{};
          if (!search::chaturaji::set_param(probe, flag.substr(2), 0)) {
            error = "unknown argument '" + flag + "'";
            return false;
          }
          t.weights.emplace_back(flag.substr(2), std::stoi(value));
        } else {
          error = "unknown argument '" + flag + "'";
          return false;
        }
        return true;
      });
  if (!read) return false;
  if (!t.has_variant)
    error = "--variant is missing";
  else if (t.games.empty())
    error = "--games is missing";
  return error.empty();
}

bool read_all(const ChaturajiTuneArgs& t, const std::vector<std::string>& files,
              std::vector<ChaturajiSample>& samples, int& games, std::ostream& err) {
  for (const std::string& name : files) {
    std::ifstream in(name);
    if (!in) {
      err << "tune4: cannot read '" << name << "'\n";
      return false;
    }
    const auto read = read_records(t.variant, in, t.read, samples);
    if (!read) {
      err << "tune4: " << name << ": " << read.error() << '\n';
      return false;
    }
    games += *read;
  }
  return true;
}

}  // namespace

int run_tune_chaturaji(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  ChaturajiTuneArgs t;
  std::string error;
  if (!parse(args, t, error)) {
    err << "tune4: " << error << '\n' << CHATURAJI_TUNE_USAGE;
    return 2;
  }
  std::vector<ChaturajiSample> samples, holdout;
  int games = 0, holdout_games = 0;
  if (!read_all(t, t.games, samples, games, err) || !read_all(t, t.holdout, holdout, holdout_games, err))
    return 2;
  out << "games " << games << ", positions " << samples.size();
  if (!t.holdout.empty()) out << "; holdout games " << holdout_games << ", positions " << holdout.size();
  out << std::endl;
  if (samples.empty()) {
    err << "tune4: no positions to tune on\n";
    return 1;
  }
  search::chaturaji::EvalParams p = search::chaturaji::builtin_params(t.variant);
  for (const auto& [name, value] : t.weights) search::chaturaji::set_param(p, name, value);
  const search::chaturaji::EvalParams before = p;
  const double k = chaturaji_fit_k(samples, p);
  const double holdout_before = chaturaji_error(holdout, p, k);
  const double after = tune_chaturaji(samples, p, t.descent, out, t.frozen);
  out << "error " << chaturaji_error(samples, before, k) << " -> " << after << " (k " << k << ")\n";
  if (!holdout.empty())
    out << "holdout error " << holdout_before << " -> " << chaturaji_error(holdout, p, k) << "\n";
  out << "EvalParams " << params_initialiser(p) << "\nspec " << params_spec(p) << "\n";
  return 0;
}

}  // namespace tune
