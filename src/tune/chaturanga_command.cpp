#include "tune/chaturanga_command.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/pgn.h"
#include "chaturanga/rule_set.h"
#include "core/flag_pairs.h"
#include "tune/chaturanga_texel.h"
#include "tune/network_trainer.h"

namespace tune {

const char* const TUNE_USAGE =
    "usage: chaturanga tune --pgn FILE [--out FILE] [--passes N] [--seconds S] [--skip-plies N]\n"
    "                       [--skip-tables yes] [--line-search yes] [--result-weight W] [--every N]\n"
    "                       [--write-positions FILE]\n"
    "                       [--network FILE [--epochs N] [--from FILE]\n"
    "                                       [--learning-rate R] [--weight-decay D]]\n"
    "       chaturanga tune --positions FILE [--variant V] [--out FILE] [--passes N] ...\n"
    "Tunes the evaluation of the games' variant (the games must all be of one:\n"
    "each game of the family has its own weights) on their quiet positions\n"
    "(Texel's method) and writes the weights to FILE (default: that game's file,\n"
    "src/search/chaturanga/eval_weights.inc for Chaturanga,\n"
    "eval_weights_shatranj.inc for Shatranj, ...).\n"
    "Each position's label is the game's result, blended with the search score\n"
    "in the move's comment where there is one (`chaturanga match` writes them,\n"
    "e.g. {+0.35/12 0.5s}): W * result + (1 - W) * expected score (default W 0.5).\n"
    "--every N keeps every N-th position only. --line-search yes moves each\n"
    "weight on by its pass's step for as long as the error keeps falling (new\n"
    "terms that start at 0 find their level in one run).\n"
    "--write-positions FILE writes the positions and their labels, one\n"
    "'FEN;LABEL' a line (LABEL: White's expected score, 0 to 1), and stops:\n"
    "another program may label them anew (an oracle's scores) for --positions,\n"
    "which tunes on such a file in place of games (V: the UCI_Variant, default\n"
    "chaturanga).\n"
    "--network FILE trains the learned evaluation on the positions instead\n"
    "(search/chaturanga/network.h), from FILE given to --from or from a\n"
    "random start, for --epochs N (default 30), and writes it to FILE; the\n"
    "last 5% of the positions are held back to judge each epoch (Adam,\n"
    "learning rate R, default 0.001; weight decay D on the input weights).\n";

namespace {

struct TuneArgs {
  std::string pgn;
  std::string positions;        // tune on labelled positions in place of games
  std::string write_positions;  // write the games' positions and stop
  std::string variant = "chaturanga";
  std::string out;  // empty: the variant's own file
  tune::TuneOptions options;
  int skip_plies = 12;
  double result_weight = 0.5;
  int every = 1;
  std::string network;       // train a network, written here
  std::string network_from;  // ... starting from this one
  tune::NetworkTrainOptions network_options;
};

// The centipawn score at the start of a cutechess-style comment
// ("+0.35/12 0.5s"); nothing for mate scores or other comments.
std::optional<int> comment_score(const std::string& comment) {
  if (comment.empty() || (comment[0] != '+' && comment[0] != '-')) return std::nullopt;
  if (comment.size() > 1 && comment[1] == 'M') return std::nullopt;
  try {
    std::size_t used = 0;
    const double pawns = std::stod(comment, &used);
    if (used >= comment.size() || comment[used] != '/') return std::nullopt;
    return int(pawns * 100 + (pawns < 0 ? -0.5 : 0.5));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool parse(const std::vector<std::string>& args, TuneArgs& t, std::string& error) {
  const bool read =
      core::read_flag_pairs(args, error, [&](const std::string& flag, const std::string& value) {
        if (flag == "--pgn")
          t.pgn = value;
        else if (flag == "--positions")
          t.positions = value;
        else if (flag == "--write-positions")
          t.write_positions = value;
        else if (flag == "--variant")
          t.variant = value;
        else if (flag == "--out")
          t.out = value;
        else if (flag == "--passes")
          t.options.passes = std::stoi(value);
        else if (flag == "--seconds")
          t.options.seconds = std::stod(value);
        else if (flag == "--skip-plies")
          t.skip_plies = std::stoi(value);
        else if (flag == "--result-weight")
          t.result_weight = std::stod(value);
        else if (flag == "--every")
          t.every = std::max(1, std::stoi(value));
        else if (flag == "--network")
          t.network = value;
        else if (flag == "--from")
          t.network_from = value;
        else if (flag == "--epochs")
          t.network_options.epochs = std::stoi(value);
        else if (flag == "--weight-decay")
          t.network_options.weight_decay = std::stod(value);
        else if (flag == "--learning-rate")
          t.network_options.learning_rate = std::stod(value);
        else if (flag == "--skip-tables")
          t.options.skip_tables = value == "yes";
        else if (flag == "--line-search")
          t.options.line_search = value == "yes";
        else {
          error = "unknown argument '" + flag + "'";
          return false;
        }
        return true;
      });
  if (!read) return false;
  if (t.pgn.empty() == t.positions.empty()) error = "give one of --pgn and --positions";
  return error.empty();
}

double white_score(const std::string& result) {
  if (result == "1-0") return 1;
  if (result == "0-1") return 0;
  return 0.5;
}

// The quiet positions of the games in t.pgn, labelled (collect_samples);
// 0 when read, else the command's exit status, the error written to `err`.
int read_games(const TuneArgs& t, std::vector<TexelSample>& samples,
               std::optional<chaturanga::Variant>& variant, int& games, std::ostream& out,
               std::ostream& err) {
  std::ifstream in(t.pgn);
  if (!in) {
    err << "tune: cannot read '" << t.pgn << "'\n";
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  int bad = 0;
  int unreadable = 0;
  for (std::size_t at = all.find("[Event"); at != std::string::npos;) {
    const std::size_t next = all.find("[Event", at + 1);
    auto g = chaturanga::parse_pgn(all.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
    if (!g) {
      if (unreadable++ == 0) err << "tune: skipping game " << games + bad + 1 << ": " << g.error() << '\n';
      ++bad;
      continue;
    }
    if (g->tags.count("Forfeit")) {
      ++bad;
      continue;
    }
    const auto result = g->tags.find("Result");
    if (result == g->tags.end() || result->second == "*") continue;
    const chaturanga::Variant game_variant = g->game.start_position().rules().variant;
    if (variant && *variant != game_variant) {
      err << "tune: the games are of several variants (game " << games + bad + 1
          << "): tune one game of the family at a time\n";
      return 2;
    }
    variant = game_variant;
    std::vector<std::optional<int>> scores;
    for (const std::string& c : g->comments) scores.push_back(comment_score(c));
    tune::collect_samples(g->game, white_score(result->second), t.skip_plies, samples, scores,
                          t.result_weight);
    ++games;
  }
  out << "games " << games << " (skipped " << bad << ")" << std::endl;
  return 0;
}

// Positions labelled one a line, "FEN;LABEL", as --write-positions writes
// them; a line that is not is named with what is wrong with it.
int read_positions(const TuneArgs& t, std::vector<TexelSample>& samples,
                   std::optional<chaturanga::Variant>& variant, std::ostream& err) {
  const chaturanga::RuleSet* rules = chaturanga::find_uci_variant(t.variant, {});
  if (!rules) {
    err << "tune: unknown variant '" << t.variant << "'\n";
    return 2;
  }
  std::ifstream in(t.positions);
  if (!in) {
    err << "tune: cannot read '" << t.positions << "'\n";
    return 2;
  }
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty()) continue;
    const std::size_t semicolon = line.rfind(';');
    const auto where = [&] { return "tune: " + t.positions + " line " + std::to_string(number) + ": "; };
    if (semicolon == std::string::npos) {
      err << where() << "no ';LABEL' after the FEN\n";
      return 2;
    }
    auto pos = chaturanga::parse_fen(*rules, std::string_view(line).substr(0, semicolon));
    if (!pos) {
      err << where() << pos.error() << '\n';
      return 2;
    }
    double label = -1;
    try {
      label = std::stod(line.substr(semicolon + 1));
    } catch (const std::exception&) {
    }
    if (!(label >= 0 && label <= 1)) {
      err << where() << "the label '" << line.substr(semicolon + 1) << "' is not a number from 0 to 1\n";
      return 2;
    }
    samples.push_back({*pos, label});
  }
  variant = rules->variant;
  return 0;
}

// Trains the learned evaluation on the samples and writes it to t.network.
int train(const TuneArgs& t, const std::vector<TexelSample>& samples, std::ostream& out, std::ostream& err) {
  auto net = std::make_unique<search::chaturanga::Network>();
  if (!t.network_from.empty()) {
    auto from = search::chaturanga::read_network(t.network_from);
    if (!from) {
      err << "tune: " << from.error() << '\n';
      return 2;
    }
    net = std::move(from).value();
  }
  tune::train_network(samples, *net, t.network_from.empty(), t.network_options, out);
  if (!search::chaturanga::write_network(*net, t.network)) {
    err << "tune: cannot write '" << t.network << "'\n";
    return 1;
  }
  out << "network written to " << t.network << '\n';
  return 0;
}

int write_positions(const std::string& path, const std::vector<TexelSample>& samples, std::ostream& out,
                    std::ostream& err) {
  std::ofstream file(path);
  for (const TexelSample& s : samples) file << chaturanga::to_fen(s.pos) << ';' << s.result << '\n';
  if (!file.flush()) {
    err << "tune: cannot write '" << path << "'\n";
    return 1;
  }
  out << samples.size() << " positions written to " << path << '\n';
  return 0;
}

}  // namespace

int run_tune_chaturanga(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  TuneArgs t;
  std::string error;
  if (!parse(args, t, error)) {
    err << "tune: " << error << '\n' << TUNE_USAGE;
    return 2;
  }
  std::vector<tune::TexelSample> samples;
  std::optional<chaturanga::Variant> variant;
  int games = 0;
  if (const int status = t.positions.empty() ? read_games(t, samples, variant, games, out, err)
                                             : read_positions(t, samples, variant, err))
    return status;
  if (t.every > 1) {
    std::vector<tune::TexelSample> kept;
    for (std::size_t i = 0; i < samples.size(); i += std::size_t(t.every)) kept.push_back(samples[i]);
    samples.swap(kept);
  }
  out << "positions " << samples.size() << std::endl;
  if (samples.empty()) {
    err << "tune: no positions to tune on\n";
    return 1;
  }
  if (!t.write_positions.empty()) return write_positions(t.write_positions, samples, out, err);
  if (!t.network.empty()) return train(t, samples, out, err);
  const std::string path = t.out.empty() ? search::chaturanga::eval_weights_file(*variant) : t.out;
  const std::string_view name = chaturanga::rules_of(*variant).pgn_name;
  out << "tuning the weights of " << name << std::endl;
  tune::tune_chaturanga(samples, *variant, t.options, out);
  std::ofstream weights(path);
  if (!weights) {
    err << "tune: cannot write '" << path << "'\n";
    return 1;
  }
  const std::string source =
      t.positions.empty() ? std::to_string(games) + " " + std::string(name) + " games"
                          : std::to_string(samples.size()) + " labelled " + std::string(name) + " positions";
  weights << "// Written by `chaturanga tune` from " << source << "; the order is EvalParams'.\n";
  int column = 0;
  for (const int w : search::chaturanga::flat(search::chaturanga::eval_params(*variant))) {
    weights << w << ',' << (++column % 16 == 0 ? '\n' : ' ');
  }
  weights << '\n';
  out << "weights written to " << path << '\n';
  return 0;
}

}  // namespace tune
