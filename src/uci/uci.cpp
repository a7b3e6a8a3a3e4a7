#include "uci/uci.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "engine/bench.h"
#include "engine/chaturanga_levels.h"
#include "engine/search_tuning.h"
#include "uci/chaturaji_session.h"
#include "uci/chaturanga_session.h"
#include "uci/output.h"

namespace uci {

namespace {

// Besides these, UCI_Variant takes chaturanga-ELEPHANT-KINGS-GOAL
// (chaturanga::find_uci_variant).
constexpr const char* VARIANTS =
    "option name UCI_Variant type combo default chaturanga var chaturanga var chaturanga-chesscom "
    "var chaturanga-silver var chaturanga-dabbaba var chaturanga-facing var chaturanga-mate var shatranj "
    "var makruk var cambodian var sittuyin var chaturaji-teams var chaturaji-dice var chaturaji-points\n";
constexpr const char* OPTIONS =
    "option name Hash type spin default 16 min 1 max 65536\n"
    "option name Clear Hash type button\n"
    "option name Threads type spin default 1 min 1 max 256\n"
    "option name MultiPV type spin default 1 min 1 max 256\n"
    "option name Skill Level type spin default 20 min 0 max 20\n"
    "option name UCI_LimitStrength type check default false\n"
    "option name Move Overhead type spin default 10 min 0 max 5000\n"
    "option name Ponder type check default false\n"
    "option name EvalFile type string default <empty>\n"
    "option name Use Network type check default true\n";

// UCI_Elo's range is the levels' scale (engine/chaturanga_levels.h).
std::string elo_option() {
  const std::string top = std::to_string(engine::MAX_ELO);
  return "option name UCI_Elo type spin default " + top + " min " + std::to_string(engine::MIN_ELO) +
         " max " + top + "\n";
}

// `uci --tune`: the search's constants as spin options, by their own names.
std::string tunable_options() {
  std::string lines;
  for (const auto& c : engine::search_constants())
    lines += "option name " + c.name + " type spin default " + std::to_string(c.default_value) + " min " +
             std::to_string(c.min) + " max " + std::to_string(c.max) + "\n";
  return lines;
}

std::optional<engine::SearchConstant> find_constant(const std::string& name) {
  for (const auto& c : engine::search_constants())
    if (c.name == name) return c;
  return std::nullopt;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// The loop: options, bench and the protocol's own commands here; whatever
// depends on the game goes to the session of the current UCI_Variant.
class Session {
 public:
  Session(std::ostream& out, const Bounds& bounds, bool tuning)
      : out_(out),
        bounds_(bounds),
        tuning_(tuning),
        game_(std::make_unique<ChaturangaSession>(chaturanga::seed_rules(), out_, bounds_)) {}

  // A command the machine cannot serve (memory, threads) is answered with
  // an error and the session goes on, as for any other bad command.
  bool handle(const std::string& line) {
    try {
      return dispatch(line);
    } catch (const std::exception& e) {
      out_.error("'" + line + "' failed: " + e.what());
      return true;
    }
  }
  // End of input without `quit`: a bounded search may finish and answer.
  void finish() { game_->settle(); }

 private:
  bool dispatch(const std::string& line);
  void go(std::istringstream& args);
  void set_option(std::istringstream& args);
  void bench(std::istringstream& args);
  // `force`: a new session even for the same name (a rule option changed).
  void switch_variant(const std::string& value, bool force = false);
  // The session of the game UCI_Variant `name` (lower case) chooses; nullptr for none.
  std::unique_ptr<GameSession> make_session(const std::string& name);
  // The engine options set so far, for a session that starts later.
  void apply_options(GameSession& game);

  Output out_;
  const Bounds bounds_;
  const bool tuning_;  // `uci --tune`: the search's constants are options
  std::unique_ptr<GameSession> game_;
  std::string variant_ = "chaturanga";
  chaturanga::Options rule_options_;  // Chaturanga's, for UCI_Variant chaturanga
  Settings settings_;
  int hash_mb_ = 16;
  int threads_ = 1;
  int multipv_ = 1;
  int move_overhead_ms_ = 10;
};

void Session::apply_options(GameSession& game) {
  if (auto resized = game.set_hash(hash_mb_); !resized) out_.error(resized.error());
  game.set_threads(threads_);
  game.set_multipv(multipv_);
  game.set_move_overhead(move_overhead_ms_);
}

void Session::go(std::istringstream& args) {
  if (args.str().find(" perft") == std::string::npos) return game_->go(args, settings_);
  std::string word;
  int depth = 0;
  if (!(args >> word) || !(args >> depth) || depth < 1 || depth > bounds_.max_perft_depth)
    return out_.error("go perft needs a depth from 1 to " + std::to_string(bounds_.max_perft_depth));
  game_->perft(depth);
}

std::unique_ptr<GameSession> Session::make_session(const std::string& name) {
  if (const auto variant = chaturaji_variant(name))
    return std::make_unique<ChaturajiSession>(*variant, out_, bounds_);
  if (const chaturanga::RuleSet* rules = chaturanga::find_uci_variant(name, rule_options_))
    return std::make_unique<ChaturangaSession>(*rules, out_, bounds_);
  return nullptr;
}

void Session::switch_variant(const std::string& value, bool force) {
  const std::string name = lower(value);
  if (name == variant_ && !force) return;
  if (!chaturaji_variant(name) && !chaturanga::find_uci_variant(name, rule_options_))
    return out_.error("unknown UCI_Variant '" + value +
                      "' (known: chaturanga, chaturanga-chesscom, chaturanga-silver, chaturanga-dabbaba, "
                      "chaturanga-facing, chaturanga-mate, chaturanga-ELEPHANT-KINGS-GOAL, shatranj, makruk, "
                      "cambodian, sittuyin, chaturaji-teams, chaturaji-dice, chaturaji-points)");
  game_->stop();
  game_->settle();
  game_ = make_session(name);
  variant_ = name;
  apply_options(*game_);
}

void Session::set_option(std::istringstream& args) {
  std::string word;
  std::string name;
  std::string value;
  args >> word;
  if (word != "name") return out_.error("setoption needs 'name'");
  while (args >> word && word != "value") name += (name.empty() ? "" : " ") + word;
  while (args >> word) value += (value.empty() ? "" : " ") + word;
  const std::string key = lower(name);
  auto integer = [&](int lo, int hi, int& out) {
    try {
      std::size_t used = 0;
      const long v = std::stol(value, &used);
      if (used != value.size() || v < lo || v > hi) throw std::out_of_range(value);
      out = int(v);
      return true;
    } catch (const std::exception&) {
      out_.error("option '" + name + "' needs a whole number from " + std::to_string(lo) + " to " +
                 std::to_string(hi) + ", got '" + value + "'");
      return false;
    }
  };
  int v = 0;
  if (auto rules = set_rule_option(rule_options_, key, value)) {
    if (!*rules) return out_.error(rules->error());
    rule_options_ = **rules;
    if (variant_ == "chaturanga") switch_variant(variant_, true);
  } else if (key == "uci_variant") {
    switch_variant(value);
  } else if (key == "hash") {
    if (!integer(1, bounds_.max_hash_mb, v)) return;
    if (auto resized = game_->set_hash(v); !resized)
      out_.error(resized.error());
    else
      hash_mb_ = v;
  } else if (key == "threads") {
    if (integer(1, bounds_.max_threads, v)) game_->set_threads(threads_ = v);
  } else if (key == "multipv") {
    if (integer(1, 256, v)) game_->set_multipv(multipv_ = v);
  } else if (key == "skill level") {
    if (integer(0, 20, v)) settings_.skill = v;
  } else if (key == "uci_limitstrength") {
    if (value != "true" && value != "false")
      out_.error("option 'UCI_LimitStrength' needs true or false");
    else
      settings_.limit_strength = value == "true";
  } else if (key == "uci_elo") {
    if (integer(engine::MIN_ELO, engine::MAX_ELO, v)) settings_.elo = v;
  } else if (key == "move overhead") {
    if (integer(0, 5000, v)) game_->set_move_overhead(move_overhead_ms_ = v);
  } else if (key == "clear hash") {
    game_->clear_hash();
  } else if (key == "evalfile") {
    if (auto loaded = game_->set_network(value); !loaded) out_.error(loaded.error());
  } else if (key == "use network") {
    if (value != "true" && value != "false")
      out_.error("option 'Use Network' needs true or false");
    else if (auto set = game_->set_use_network(value == "true"); !set)
      out_.error(set.error());
  } else if (key == "ponder") {
    if (value != "true" && value != "false") out_.error("option 'Ponder' needs true or false");
  } else if (const auto constant = tuning_ ? find_constant(key) : std::nullopt) {
    if (!integer(constant->min, constant->max, v)) return;
    game_->stop();  // the search threads read the constants: none may be running
    game_->settle();
    engine::set_search_constant(constant->name, v);
  } else {
    out_.error("unknown option '" + name + "'");
  }
}

// A word that is not a depth is an error, never depth 0 (which would mean a
// search without end).
void Session::bench(std::istringstream& args) {
  int depth = std::min(engine::BENCH_DEPTH, bounds_.max_bench_depth);
  if (std::string word; args >> word) {
    std::istringstream number(word);
    if (!(number >> depth) || !number.eof() || depth < 1 || depth > bounds_.max_bench_depth)
      return out_.error("bench depth must be from 1 to " + std::to_string(bounds_.max_bench_depth) +
                        ", got '" + word + "'");
  }
  game_->settle();
  std::ostringstream os;
  engine::run_bench(os, depth);
  out_.say(os.str());
}

bool Session::dispatch(const std::string& line) {
  std::istringstream args(line);
  std::string command;
  args >> command;
  if (command == "uci") {
    out_.say(std::string("id name Chaturanga\nid author the Chaturanga developers\n") + VARIANTS + OPTIONS +
             elo_option() + RULE_OPTIONS + (tuning_ ? tunable_options() : "") + "uciok");
  } else if (command == "isready") {
    out_.say("readyok");
  } else if (command == "ucinewgame") {
    game_->new_game();
    ++settings_.games;
  } else if (command == "position") {
    game_->position(args);
  } else if (command == "go") {
    go(args);
  } else if (command == "stop") {
    game_->stop();
  } else if (command == "ponderhit") {
    game_->ponderhit();
  } else if (command == "setoption") {
    set_option(args);
  } else if (command == "bench") {
    bench(args);
  } else if (command == "d") {
    game_->print();
  } else if (command == "quit") {
    game_->stop();
    return false;
  } else if (!command.empty()) {
    out_.error("unknown command '" + command + "'");
  }
  return true;
}

}  // namespace

int run(std::istream& in, std::ostream& out, const Bounds& bounds, bool tuning) {
  // A stream tied to the output (std::cin to std::cout) flushes it before
  // each read, from this thread and outside the lock of Output::say, while
  // a search thread writes: unsynchronised streams then print a line twice.
  // Output::say flushes every line itself, so the tie is not needed.
  struct Untie {
    std::istream& in;
    std::ostream* tie = in.tie(nullptr);
    ~Untie() { in.tie(tie); }
  } untie{in};
  // The constants are the process's: a tuning session starts from the defaults.
  if (tuning) engine::reset_search_constants();
  Session session(out, bounds, tuning);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) return 0;
  session.finish();
  return 0;
}

}  // namespace uci
