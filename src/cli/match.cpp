#include "cli/match.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "chaturanga/pgn.h"
#include "cli/match_options.h"
#include "cli/uci_process.h"
#include "core/rng.h"
#include "engine/chaturanga_engine.h"

namespace cli {

using namespace chaturanga;
using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

namespace {

struct GameRecord {
  Game game;
  Result result = Result::Ongoing;
  std::string forfeit;                // why the referee ended the game, if an engine failed
  std::vector<std::string> comments;  // per move: score/depth and time used, as cutechess writes them
};

// The last score and depth an engine reported, from the mover's side.
struct LastInfo {
  std::string score;
  int depth = 0;

  void read(const std::string& line) {
    if (line.rfind("info", 0) != 0) return;
    std::istringstream words(line);
    std::string word;
    std::string kind;
    int value = 0;
    bool has_score = false;
    int depth_here = depth;
    while (words >> word) {
      if (word == "depth") {
        words >> depth_here;
      } else if (word == "score") {
        words >> kind >> value;
        has_score = kind == "cp" || kind == "mate";
      } else if (word == "multipv") {
        int index = 1;
        words >> index;
        if (index != 1) return;
      }
    }
    if (!has_score) return;
    char text[32];
    if (kind == "mate")
      std::snprintf(text, sizeof(text), "%sM%d", value > 0 ? "+" : "-", std::abs(value));
    else
      std::snprintf(text, sizeof(text), "%+.2f", value / 100.0);
    score = text;
    depth = depth_here;
  }
  std::string comment(std::int64_t used_ms) const {
    char text[64];
    std::snprintf(text, sizeof(text), "%s/%d %.3fs", score.empty() ? "?" : score.c_str(), depth,
                  double(used_ms) / 1000.0);
    return text;
  }
};

// Random plies from the start, kept only if a short search of ours finds
// the position near level: balanced openings for both colours.
std::vector<std::string> random_openings(const MatchOptions& o, int count) {
  std::vector<std::string> fens;
  core::Rng rng(o.seed * 0x9E3779B97F4A7C15ULL + 17);
  engine::ChaturangaEngine judge;
  judge.set_hash(4);
  for (int tries = 0; int(fens.size()) < count && tries < count * 50; ++tries) {
    Game g(start_position(*o.rules));
    for (int ply = 0; ply < o.random_plies && !g.over(); ++ply) {
      MoveList moves;
      generate<GenKind::All>(g.position(), moves);
      g.play(moves[rng.below(moves.size())]);
    }
    if (g.over()) continue;
    judge.set_position(g);
    engine::Request request;
    request.limits.depth = 7;
    const engine::ChaturangaEngine::Reply r = judge.think(request);
    if (std::abs(r.score) > o.balance_cp) continue;
    fens.push_back(to_fen(g.position()));
  }
  return fens;
}

core::Expected<std::vector<std::string>> load_openings(const MatchOptions& o, int pairs) {
  if (o.openings_file.empty()) return random_openings(o, pairs);
  std::ifstream in(o.openings_file);
  if (!in) return core::error("--openings: cannot read '" + o.openings_file + "'");
  std::vector<std::string> fens;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    if (auto pos = parse_fen(*o.rules, line); !pos)
      return core::error(o.openings_file + ":" + std::to_string(number) + ": " + pos.error());
    fens.push_back(line);
  }
  if (fens.empty()) return core::error("--openings: '" + o.openings_file + "' holds no position");
  return fens;
}

class Player {
 public:
  bool start(const EngineSpec& spec, const std::string& variant, std::string& error) {
    if (!process_.start(spec.command, error)) return false;
    nodes_ = spec.nodes;
    process_.send("uci");
    if (!process_.wait_for("uciok", milliseconds(10000))) {
      error = spec.name + ": no 'uciok' within 10 s";
      return false;
    }
    const bool own_variant = std::any_of(spec.options.begin(), spec.options.end(),
                                         [](const auto& option) { return option.first == "UCI_Variant"; });
    if (variant != "chaturanga" && !own_variant) process_.send("setoption name UCI_Variant value " + variant);
    for (const auto& [name, value] : spec.options)
      process_.send("setoption name " + name + " value " + value);
    return ready(error, spec.name);
  }
  bool ready(std::string& error, const std::string& name) {
    process_.send("isready");
    if (process_.wait_for("readyok", milliseconds(30000))) return true;
    error = name + ": no 'readyok' within 30 s";
    return false;
  }
  UciProcess& process() { return process_; }
  std::uint64_t nodes() const { return nodes_; }  // its own node limit; 0: the match's

 private:
  UciProcess process_;
  std::uint64_t nodes_ = 0;
};

std::string go_command(const MatchOptions& o, const std::int64_t clock[2], std::uint64_t nodes) {
  std::ostringstream go;
  go << "go";
  if (o.base_ms)
    go << " wtime " << std::max<std::int64_t>(1, clock[WHITE]) << " btime "
       << std::max<std::int64_t>(1, clock[BLACK]) << " winc " << o.inc_ms << " binc " << o.inc_ms;
  if (o.movetime_ms) go << " movetime " << o.movetime_ms;
  if (nodes) go << " nodes " << nodes;
  if (o.depth) go << " depth " << o.depth;
  return go.str();
}

// Plays one game; players[c] plays colour c.
GameRecord play_game(const MatchOptions& o, const std::string& fen, Player* players[2],
                     const std::string names[2]) {
  GameRecord rec{*Game::from_fen(*o.rules, fen), Result::Ongoing, {}, {}};
  for (int c = 0; c < 2; ++c) {
    players[c]->process().send("ucinewgame");
    std::string error;
    players[c]->ready(error, names[c]);
  }
  std::int64_t clock[2] = {o.base_ms, o.base_ms};
  std::string moves;
  while (!rec.game.over() && int(rec.game.moves().size()) < o.max_plies) {
    const Color us = rec.game.position().side_to_move();
    UciProcess& p = players[us]->process();
    p.send("position fen " + fen + (moves.empty() ? "" : " moves" + moves));
    p.send(go_command(o, clock, players[us]->nodes() ? players[us]->nodes() : o.nodes));
    const auto start = Clock::now();
    const std::int64_t allowed = o.base_ms       ? clock[us] + o.margin_ms
                                 : o.movetime_ms ? o.movetime_ms + o.margin_ms + 1000
                                                 : 600000;
    LastInfo info;
    std::optional<std::string> reply =
        p.wait_for("bestmove", milliseconds(allowed), [&info](const std::string& line) { info.read(line); });
    const std::int64_t used = std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
    rec.comments.push_back(info.comment(used));
    if (o.base_ms) clock[us] = clock[us] - used;
    if (!reply || (o.base_ms && clock[us] < -o.margin_ms)) {
      rec.forfeit = names[us] + " lost on time";
      rec.game.set_outcome({win_for(~us), Reason::None});
      break;
    }
    if (o.base_ms) clock[us] += o.inc_ms;
    std::istringstream words(*reply);
    std::string word;
    std::string text;
    words >> word >> text;
    const auto played = rec.game.play_uci(text);
    if (!played) {
      rec.forfeit = names[us] + " played an illegal move '" + text + "'";
      rec.game.set_outcome({win_for(~us), Reason::None});
      break;
    }
    moves += ' ';
    moves += to_uci(*played, *o.rules);
  }
  rec.result = rec.game.over() ? rec.game.outcome().result : Result::Draw;
  return rec;
}

}  // namespace

namespace {

// One match run: the threads play games from the shared openings; each
// finished game is counted, printed, written to the PGN file and tested
// for a decision under the lock.
class MatchRun {
 public:
  MatchRun(const MatchOptions& o, std::vector<std::string> openings, std::ostream& out, std::ostream& err)
      : o_(o), openings_(std::move(openings)), out_(out), err_(err) {}

  bool open_pgn() {
    if (o_.pgn_file.empty()) return true;
    pgn_.open(o_.pgn_file, std::ios::app);
    if (!pgn_) err_ << "match: cannot write '" << o_.pgn_file << "'\n";
    return bool(pgn_);
  }

  // Plays every game on o.concurrency threads; false when an engine failed to start.
  bool play() {
    std::vector<std::thread> threads;
    for (int t = 0; t < o_.concurrency; ++t) threads.emplace_back([this] { worker(); });
    for (auto& t : threads) t.join();
    return !failed_;
  }

  void summary() const {
    out_ << "\n" << o_.engines[0].name << " vs " << o_.engines[1].name << ": " << describe(tally_) << '\n';
    if (!o_.use_sprt) return;
    // Games still running when the test decided are counted above but do
    // not undo the decision.
    const SprtResult s = decided_ ? *decided_ : sprt(tally_, o_.sprt);
    out_ << "SPRT elo0=" << o_.sprt.elo0 << " elo1=" << o_.sprt.elo1 << ": LLR " << s.llr << " [" << s.lower
         << ", " << s.upper << "] "
         << (s.state == SprtState::AcceptH1   ? "H1 accepted"
             : s.state == SprtState::AcceptH0 ? "H0 accepted"
                                              : "inconclusive");
    if (decided_) out_ << " after " << decided_after_ << " games";
    out_ << '\n';
  }

 private:
  void worker() {
    Player players[2];
    for (int e = 0; e < 2; ++e) {
      std::string error;
      if (!players[e].start(o_.engines[e], o_.variant, error)) {
        std::lock_guard<std::mutex> lock(mutex_);
        err_ << "match: " << error << '\n';
        failed_ = true;
        done_ = true;
        return;
      }
    }
    while (!done_) {
      const int index = next_game_++;
      if (index >= o_.games) break;
      const std::string& fen = openings_[std::size_t(index / 2) % openings_.size()];
      // Even games: the first engine has White; odd games: colours swapped.
      const int white = index % 2;
      Player* seats[2] = {&players[white], &players[1 - white]};
      const std::string names[2] = {o_.engines[white].name, o_.engines[1 - white].name};
      GameRecord rec = play_game(o_, fen, seats, names);
      std::lock_guard<std::mutex> lock(mutex_);
      count(index, white, names, rec);
    }
  }

  // How a game ended, for its line: a forfeit, the rules' reason, or the
  // --max-plies cap (a draw the referee did not judge).
  static std::string ending(const GameRecord& rec) {
    if (!rec.forfeit.empty()) return rec.forfeit;
    if (!rec.game.over()) return "max-plies";
    return std::string(reason_text(rec.game.outcome().reason));
  }

  // Under the lock: the tally, the game's line, its PGN and the SPRT.
  void count(int index, int white, const std::string (&names)[2], GameRecord& rec) {
    const Result first_wins = white == 0 ? Result::WhiteWins : Result::BlackWins;
    if (rec.result == Result::Draw)
      ++tally_.draws;
    else if (rec.result == first_wins)
      ++tally_.wins;
    else
      ++tally_.losses;
    out_ << "game " << index + 1 << ": " << names[0] << " - " << names[1] << " " << result_text(rec.result)
         << " (" << ending(rec) << ", " << rec.game.moves().size() << " plies)  " << describe(tally_)
         << std::endl;
    if (pgn_) {
      PgnTags tags{{"Event", "chaturanga match"},
                   {"Round", std::to_string(index + 1)},
                   {"White", names[0]},
                   {"Black", names[1]},
                   {"Result", std::string(result_text(rec.result))}};
      // The rules did not end these games: the tag says what did.
      if (!rec.forfeit.empty()) tags["Forfeit"] = tags["Termination"] = rec.forfeit;
      if (!rec.game.over()) {
        tags["Termination"] = "a draw at the match's limit of " + std::to_string(o_.max_plies) + " plies";
        rec.game.set_outcome({Result::Draw, Reason::None});
      }
      pgn_ << to_pgn(rec.game, tags, rec.comments) << "\n" << std::flush;
    }
    if (!o_.use_sprt || done_) return;
    const SprtResult s = sprt(tally_, o_.sprt);
    if (s.state == SprtState::Continue) return;
    done_ = true;
    decided_ = s;
    decided_after_ = tally_.games();
  }

  const MatchOptions& o_;
  const std::vector<std::string> openings_;
  std::ostream& out_;
  std::ostream& err_;
  std::ofstream pgn_;
  std::mutex mutex_;
  Tally tally_;
  std::atomic<int> next_game_{0};
  std::atomic<bool> done_{false};
  std::atomic<bool> failed_{false};
  std::optional<SprtResult> decided_;  // guarded by mutex_
  int decided_after_ = 0;
};

}  // namespace

int run_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << MATCH_USAGE;
    return 0;
  }
  auto parsed = parse_match_options(args);
  if (!parsed) {
    err << "match: " << parsed.error() << '\n' << MATCH_USAGE;
    return 2;
  }
  const MatchOptions o = *parsed;
  auto openings = load_openings(o, (o.games + 1) / 2);
  if (!openings) {
    err << "match: " << openings.error() << '\n';
    return 2;
  }
  if (openings->empty()) {
    err << "match: no balanced opening found; raise --balance or lower --random-plies\n";
    return 2;
  }
  MatchRun run(o, std::move(*openings), out, err);
  if (!run.open_pgn()) return 2;
  if (!run.play()) return 1;
  run.summary();
  return 0;
}

}  // namespace cli
