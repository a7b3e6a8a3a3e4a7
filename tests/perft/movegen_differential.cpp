// Differential test against Fairy-Stockfish: plays random games with our move
// generator and, at every position, gives Fairy-Stockfish the game so far
// (`position fen <start> moves ...`, so our UCI move text is read back) and
// compares our legal-move list with the one its `go perft 1` prints, and our
// FEN with the one its `d` prints (pockets, first-move rights and counting
// included).
// Usage: movegen_differential --uci-variant NAME [--variant NAME] [--rules K=V,...]
//          [--ini PATH] [--games N] [--plies N] [--engine PATH] [--seed S] [--no-fen]
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "core/rng.h"

namespace {

// A child process spoken to line by line over two pipes.
class Child {
 public:
  explicit Child(const std::string& path) {
    int to_child[2];
    int from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      close(to_child[1]);
      close(from_child[0]);
      execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  ~Child() {
    if (in_) {
      send("quit");
      fclose(in_);
    }
    if (out_) fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return pid_ > 0 && in_ && out_; }
  void send(const std::string& line) {
    fputs((line + "\n").c_str(), in_);
    fflush(in_);
  }
  bool read_line(std::string& line) {
    line.clear();
    for (int c = fgetc(out_); c != EOF; c = fgetc(out_)) {
      if (c == '\n') return true;
      line += char(c);
    }
    return !line.empty();
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

struct Args {
  std::string engine = "/usr/games/fairy-stockfish";
  std::string uci_variant;
  std::string variant = "chaturanga";
  std::string rules;
  std::string ini;
  int games = 100;
  int plies = 160;
  std::uint64_t seed = 20261129;
  bool check_fen = true;
};

struct Answer {
  std::set<std::string> moves;
  std::string fen;
  bool ok = false;
};

Answer ask(Child& engine, const std::string& position, bool want_fen) {
  Answer a;
  engine.send(position);
  std::string line;
  if (want_fen) {
    // `isready` marks the end of `d`, whose last lines differ between versions.
    engine.send("d");
    engine.send("isready");
    while (engine.read_line(line) && line != "readyok")
      if (line.rfind("Fen: ", 0) == 0) a.fen = line.substr(5);
  }
  engine.send("go perft 1");
  while (engine.read_line(line)) {
    if (line.rfind("Nodes searched", 0) == 0) {
      a.ok = true;
      break;
    }
    const auto colon = line.find(':');
    const bool names_a_square = colon != std::string::npos && line.find_first_of("12345678") < colon;
    if (names_a_square && line.find(' ') > colon) a.moves.insert(line.substr(0, colon));
  }
  return a;
}

bool read_args(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--no-fen") {
      a.check_fen = false;
      continue;
    }
    if (i + 1 >= argc) return false;
    const std::string value = argv[++i];
    if (flag == "--engine")
      a.engine = value;
    else if (flag == "--uci-variant")
      a.uci_variant = value;
    else if (flag == "--variant")
      a.variant = value;
    else if (flag == "--rules")
      a.rules = value;
    else if (flag == "--ini")
      a.ini = value;
    else if (flag == "--games")
      a.games = std::stoi(value);
    else if (flag == "--plies")
      a.plies = std::stoi(value);
    else if (flag == "--seed")
      a.seed = std::stoull(value);
    else
      return false;
  }
  return !a.uci_variant.empty();
}

const chaturanga::RuleSet* rules_of(const Args& a) {
  const chaturanga::RuleSet* r = chaturanga::find_rules(a.variant);
  if (!r || a.rules.empty()) return r;
  const auto options = chaturanga::parse_options(a.rules);
  return options ? &chaturanga::chaturanga_rules(*options) : nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  const chaturanga::RuleSet* rules = read_args(argc, argv, args) ? rules_of(args) : nullptr;
  if (!rules) {
    std::cerr
        << "usage: movegen_differential --uci-variant NAME [--variant NAME] [--rules K=V,...] [--ini PATH]\n"
           "         [--games N] [--plies N] [--engine PATH] [--seed S] [--no-fen]\n";
    return 2;
  }
  if (!std::filesystem::exists(args.engine)) {
    std::cerr << "fairy-stockfish not found at " << args.engine << " (make test installs it)\n";
    return 1;
  }
  Child engine(args.engine);
  if (!engine.ok()) {
    std::cerr << "cannot start " << args.engine << '\n';
    return 1;
  }
  engine.send("uci");
  if (!args.ini.empty())
    engine.send("setoption name VariantPath value " + std::filesystem::absolute(args.ini).string());
  engine.send("setoption name UCI_Variant value " + args.uci_variant);

  core::Rng rng(args.seed);
  const chaturanga::Position start = chaturanga::start_position(*rules);
  const std::string start_fen = chaturanga::to_fen(start);
  int positions = 0;
  int mismatches = 0;
  for (int g = 0; g < args.games; ++g) {
    chaturanga::Position pos = start;
    std::string position = "position fen " + start_fen + " moves";
    for (int ply = 0; ply < args.plies; ++ply) {
      chaturanga::MoveList list;
      chaturanga::generate<chaturanga::GenKind::All>(pos, list);
      std::set<std::string> ours;
      for (const auto m : list) ours.insert(chaturanga::to_uci(m, *rules));
      const Answer theirs = ask(engine, position, args.check_fen);
      if (!theirs.ok) {
        std::cerr << "fairy-stockfish stopped answering at " << chaturanga::to_fen(pos) << '\n';
        return 1;
      }
      ++positions;
      const std::string fen = chaturanga::to_fen(pos);
      if (ours != theirs.moves || (args.check_fen && fen != theirs.fen)) {
        ++mismatches;
        std::cerr << "MISMATCH at " << fen << " (" << position << "): ours " << ours.size()
                  << " moves, fairy-stockfish " << theirs.moves.size();
        if (args.check_fen && fen != theirs.fen) std::cerr << "; its FEN " << theirs.fen;
        std::cerr << '\n';
      }
      if (list.empty()) break;
      // Prefer captures a little so that games reach sparse, promoted endings.
      chaturanga::MoveList captures;
      chaturanga::generate<chaturanga::GenKind::Captures>(pos, captures);
      const bool capture = !captures.empty() && rng.below(3) == 0;
      const auto& from = capture ? captures : list;
      const chaturanga::Move m = from[rng.below(from.size())];
      position += ' ';
      position += chaturanga::to_uci(m, *rules);
      pos.play(m);
    }
  }
  std::cout << positions << " positions compared with fairy-stockfish (" << args.uci_variant << ")\n";
  std::cout << positions - mismatches << " passed, " << mismatches << " failed\n";
  return mismatches == 0 && positions > 1000 ? 0 : 1;
}
