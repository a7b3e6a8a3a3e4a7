#include "uci/uci.h"

#include <algorithm>
#include <iostream>
#include <limits>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "chaturanga/perft.h"
#include "core/rng.h"
#include "engine/bench.h"
#include "engine/engine.h"
#include "engine/levels.h"
#include "search/score.h"
#include "uci/chaturaji_uci.h"

namespace uci {

namespace {

constexpr const char* OPTIONS =
    "option name UCI_Variant type combo default chaturanga var chaturanga var chaturaji-teams var "
    "chaturaji-dice "
    "var chaturaji-points\n"
    "option name Hash type spin default 16 min 1 max 65536\n"
    "option name Clear Hash type button\n"
    "option name Threads type spin default 1 min 1 max 256\n"
    "option name MultiPV type spin default 1 min 1 max 256\n"
    "option name Skill Level type spin default 20 min 0 max 20\n"
    "option name Move Overhead type spin default 10 min 0 max 5000\n"
    "option name Ponder type check default false\n";

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

std::string format_report(const search::Report& r) {
  std::ostringstream os;
  os << "info depth " << r.depth << " seldepth " << r.seldepth << " multipv " << r.multipv << " score ";
  if (search::is_decisive(r.score))
    os << "mate " << search::mate_moves(r.score);
  else
    os << "cp " << r.score;
  if (r.bound == search::Bound::Lower) os << " lowerbound";
  if (r.bound == search::Bound::Upper) os << " upperbound";
  os << " nodes " << r.nodes << " nps "
     << r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, r.time_ms)) << " hashfull " << r.hashfull
     << " time " << r.time_ms << " pv";
  for (const chaturanga::Move m : r.pv) os << ' ' << chaturanga::to_uci(m);
  return os.str();
}

class Session {
 public:
  Session(std::ostream& out, const Bounds& bounds) : out_(out), bounds_(bounds) {}
  ~Session() {
    engine_.stop();
    engine_.wait();
    stop_four();
  }

  // A command the machine cannot serve (memory, threads) is answered with
  // an error and the session goes on, as for any other bad command.
  bool handle(const std::string& line) {
    try {
      return dispatch(line);
    } catch (const std::exception& e) {
      error("'" + line + "' failed: " + e.what());
      return true;
    }
  }
  // End of input without `quit`: a bounded search may finish and answer.
  void finish() {
    settle();
    settle_four();
  }

 private:
  void say(const std::string& text) {
    std::lock_guard<std::mutex> lock(out_mutex_);
    out_ << text << std::endl;
  }
  void error(const std::string& text) { say("info string error: " + text); }

  bool dispatch(const std::string& line);
  void position(std::istringstream& args);
  void go(std::istringstream& args);
  void perft(std::istringstream& args);
  void set_option(std::istringstream& args);
  bool parse_limits(std::istringstream& args, search::Limits& limits);
  // The four-handed games: a line the Chaturaji handler takes, if it does.
  bool handle_four(const std::string& line);
  void stop_four() {
    if (four_) four_->stop = true;
    if (four_worker_.joinable()) four_worker_.join();
  }
  // Waits for the running search before a command that needs the engine
  // idle. An open-ended one (infinite, ponder) would wait for `stop` forever,
  // so it is stopped first and answers with its best move so far.
  void settle() {
    if (open_ended_) engine_.stop();
    engine_.wait();
  }
  void settle_four() {
    if (four_open_ended_) stop_four();
    if (four_worker_.joinable()) four_worker_.join();
  }

  std::ostream& out_;
  const Bounds bounds_;
  std::mutex out_mutex_;
  engine::Engine engine_;
  int skill_ = 20;
  bool open_ended_ = false;  // the running search waits for stop (infinite, ponder)
  unsigned games_ = 0;
  // Set while UCI_Variant names a Chaturaji rule set; its `go` runs on
  // four_worker_ so that `stop` and `isready` are still read meanwhile.
  std::unique_ptr<ChaturajiSession> four_;
  std::thread four_worker_;
  bool four_open_ended_ = false;
};

bool Session::handle_four(const std::string& line) {
  std::istringstream args(line);
  std::string command;
  args >> command;
  if (command == "stop") {
    stop_four();
    return true;
  }
  if (command != "go" && command != "position" && command != "ucinewgame" && command != "d") return false;
  settle_four();
  if (command == "go") {
    four_->stop = false;
    four_open_ended_ = line.find("infinite") != std::string::npos;
    four_worker_ = std::thread([this, line] {
      std::ostringstream answer;
      handle_chaturaji(line, *four_, answer);
      std::string text = answer.str();
      while (!text.empty() && text.back() == '\n') text.pop_back();
      say(text);
    });
    return true;
  }
  std::ostringstream answer;
  handle_chaturaji(line, *four_, answer);
  std::string text = answer.str();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  if (!text.empty()) say(text);
  return true;
}

void Session::position(std::istringstream& args) {
  std::string word;
  args >> word;
  chaturanga::Game next;
  if (word == "fen") {
    std::string fen;
    while (args >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    if (word != "moves") word.clear();
    auto g = chaturanga::Game::from_fen(fen);
    if (!g) return error("bad FEN '" + fen + "': " + g.error());
    next = *g;
  } else if (word == "startpos") {
    word.clear();
    args >> word;
  } else {
    return error("position needs 'startpos' or 'fen', got '" + word + "'");
  }
  if (!word.empty() && word != "moves") return error("position: expected 'moves', got '" + word + "'");
  while (args >> word) {
    const auto played = next.play_uci(word);
    if (!played) return error("position: " + played.error());
  }
  engine_.set_position(next);
}

bool Session::parse_limits(std::istringstream& args, search::Limits& limits) {
  using chaturanga::BLACK;
  using chaturanga::WHITE;
  std::string word;
  while (args >> word) {
    // A number past what the limit holds means "as much as it holds".
    auto number = [&](auto& target) {
      using T = std::remove_reference_t<decltype(target)>;
      long long v = 0;
      if (!(args >> v) || v < 0) {
        error("go: '" + word + "' needs a non-negative number");
        return false;
      }
      target = std::cmp_greater(v, std::numeric_limits<T>::max()) ? std::numeric_limits<T>::max() : T(v);
      return true;
    };
    bool ok = true;
    if (word == "wtime")
      ok = number(limits.time_ms[WHITE]);
    else if (word == "btime")
      ok = number(limits.time_ms[BLACK]);
    else if (word == "winc")
      ok = number(limits.inc_ms[WHITE]);
    else if (word == "binc")
      ok = number(limits.inc_ms[BLACK]);
    else if (word == "movestogo")
      ok = number(limits.movestogo);
    else if (word == "movetime")
      ok = number(limits.movetime_ms);
    else if (word == "depth")
      ok = number(limits.depth);
    else if (word == "nodes")
      ok = number(limits.nodes);
    else if (word == "mate") {
      int moves = 0;
      ok = number(moves);
      limits.depth =
          moves > std::numeric_limits<int>::max() / 2 ? std::numeric_limits<int>::max() : 2 * moves;
    } else if (word == "infinite")
      limits.infinite = true;
    else if (word == "ponder")
      limits.ponder = true;
    else if (word == "searchmoves") {
      std::string text;
      while (args >> text) {
        const auto m = chaturanga::parse_uci(engine_.game().position(), text);
        if (!m) {
          error("go searchmoves: " + m.error());
          return false;
        }
        limits.searchmoves.push_back(*m);
      }
    } else {
      error("go: unknown limit '" + word + "'");
      return false;
    }
    if (!ok) return false;
  }
  return true;
}

void Session::go(std::istringstream& args) {
  if (args.str().find(" perft") != std::string::npos) return perft(args);
  search::Limits limits;
  if (!parse_limits(args, limits)) return;
  if (bounds_.max_nodes && (!limits.nodes || limits.nodes > bounds_.max_nodes))
    limits.nodes = bounds_.max_nodes;
  settle();
  if (engine_.game().over()) {
    say("info string the game is over (" +
        std::string(chaturanga::reason_text(engine_.game().outcome().reason)) + ")");
    return say("bestmove (none)");
  }
  engine::LevelSpec spec;
  if (skill_ < 20) {
    spec = engine::level_spec(engine::level_for_skill(skill_));
    if (spec.depth && (!limits.depth || limits.depth > spec.depth)) limits.depth = spec.depth;
    if (spec.nodes && (!limits.nodes || limits.nodes > spec.nodes)) limits.nodes = spec.nodes;
    limits.multipv = std::max(limits.multipv, spec.multipv);
  }
  open_ended_ = limits.infinite || limits.ponder;
  const unsigned seed = games_ * 7919u + unsigned(engine_.game().moves().size());
  engine_.go(
      limits, [this](const search::Report& r) { say(format_report(r)); },
      [this, spec, seed](const search::Result& r) {
        if (r.threads < engine_.options().threads)
          say("info string Threads: only " + std::to_string(r.threads) + " of " +
              std::to_string(engine_.options().threads) + " threads could be started");
        core::Rng rng(seed + 1);
        const chaturanga::Move best = engine::pick_move(r, spec, rng);
        std::string text = "bestmove " + (best ? chaturanga::to_uci(best) : std::string("(none)"));
        if (r.ponder && best == r.best) text += " ponder " + chaturanga::to_uci(r.ponder);
        say(text);
      });
}

void Session::perft(std::istringstream& args) {
  std::string word;
  int depth = 0;
  if (!(args >> word) || !(args >> depth) || depth < 1 || depth > bounds_.max_perft_depth)
    return error("go perft needs a depth from 1 to " + std::to_string(bounds_.max_perft_depth));
  settle();
  std::ostringstream os;
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : chaturanga::perft_divide(engine_.game().position(), depth)) {
    os << chaturanga::to_uci(move) << ": " << nodes << '\n';
    total += nodes;
  }
  os << "\nNodes searched: " << total << '\n';
  say(os.str());
}

void Session::set_option(std::istringstream& args) {
  std::string word;
  std::string name;
  std::string value;
  args >> word;
  if (word != "name") return error("setoption needs 'name'");
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
      error("option '" + name + "' needs a whole number from " + std::to_string(lo) + " to " +
            std::to_string(hi) + ", got '" + value + "'");
      return false;
    }
  };
  int v = 0;
  if (key == "uci_variant") {
    const std::string name = lower(value);
    const auto four = chaturaji_variant(name);
    if (name != "chaturanga" && !four)
      return error("unknown UCI_Variant '" + value +
                   "' (known: chaturanga, chaturaji-teams, chaturaji-dice, chaturaji-points)");
    stop_four();
    four_.reset();
    // One table serves both games; what one stored means nothing to the other.
    engine_.clear_hash();
    if (four) {
      four_ = std::make_unique<ChaturajiSession>(*four);
      four_->max_nodes = bounds_.max_nodes;
      four_->max_perft_depth = bounds_.max_perft_depth;
    }
  } else if (key == "hash") {
    if (!integer(1, bounds_.max_hash_mb, v)) return;
    stop_four();
    if (auto resized = engine_.set_hash(v); !resized) error(resized.error());
  } else if (key == "threads") {
    if (integer(1, bounds_.max_threads, v)) engine_.set_threads(v);
  } else if (key == "multipv") {
    if (integer(1, 256, v)) engine_.set_multipv(v);
  } else if (key == "skill level") {
    if (integer(0, 20, v)) skill_ = v;
  } else if (key == "move overhead") {
    if (integer(0, 5000, v)) engine_.set_move_overhead(v);
  } else if (key == "clear hash") {
    stop_four();
    engine_.clear_hash();
  } else if (key == "ponder") {
    if (value != "true" && value != "false") error("option 'Ponder' needs true or false");
  } else {
    error("unknown option '" + name + "'");
  }
}

bool Session::dispatch(const std::string& line) {
  if (four_ && handle_four(line)) return true;
  std::istringstream args(line);
  std::string command;
  args >> command;
  if (command == "uci") {
    say(std::string("id name Chaturanga\nid author the Chaturanga developers\n") + OPTIONS + "uciok");
  } else if (command == "isready") {
    say("readyok");
  } else if (command == "ucinewgame") {
    engine_.new_game();
    ++games_;
  } else if (command == "position") {
    position(args);
  } else if (command == "go") {
    go(args);
  } else if (command == "stop") {
    engine_.stop();
  } else if (command == "ponderhit") {
    engine_.ponderhit();
  } else if (command == "setoption") {
    set_option(args);
  } else if (command == "bench") {
    // A word that is not a depth is an error, never depth 0 (which would
    // mean a search without end).
    int depth = std::min(engine::BENCH_DEPTH, bounds_.max_bench_depth);
    if (std::string word; args >> word) {
      std::istringstream number(word);
      if (!(number >> depth) || !number.eof() || depth < 1 || depth > bounds_.max_bench_depth)
        return error("bench depth must be from 1 to " + std::to_string(bounds_.max_bench_depth) + ", got '" +
                     word + "'"),
               true;
    }
    settle();
    std::ostringstream os;
    engine::run_bench(os, depth);
    say(os.str());
  } else if (command == "d") {
    settle();
    say("Fen: " + chaturanga::to_fen(engine_.game().position()));
  } else if (command == "quit") {
    stop_four();
    return false;
  } else if (!command.empty()) {
    error("unknown command '" + command + "'");
  }
  return true;
}

}  // namespace

int run(std::istream& in, std::ostream& out, const Bounds& bounds) {
  // A stream tied to the output (std::cin to std::cout) flushes it before
  // each read, from this thread and outside the lock of say(), while a
  // search thread writes: unsynchronised streams then print a line twice.
  // say() flushes every line itself, so the tie is not needed.
  struct Untie {
    std::istream& in;
    std::ostream* tie = in.tie(nullptr);
    ~Untie() { in.tie(tie); }
  } untie{in};
  Session session(out, bounds);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) return 0;
  session.finish();
  return 0;
}

}  // namespace uci
