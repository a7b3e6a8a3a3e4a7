// Differential test against Fairy-Stockfish: plays random games with our move
// generator and, at every position, compares our legal-move list with the one
// Fairy-Stockfish's `go perft 1` prints for variant chaturanga-seed.
// Usage: movegen_differential --ini PATH [--games N] [--engine PATH] [--seed S]
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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

std::set<std::string> engine_moves(Child& engine, const std::string& fen, bool& ok) {
  engine.send("position fen " + fen);
  engine.send("go perft 1");
  std::set<std::string> moves;
  std::string line;
  ok = false;
  while (engine.read_line(line)) {
    if (line.rfind("Nodes searched", 0) == 0) {
      ok = true;
      break;
    }
    const auto colon = line.find(':');
    if (colon != std::string::npos && colon >= 4 && colon <= 5) moves.insert(line.substr(0, colon));
  }
  return moves;
}

}  // namespace

int main(int argc, char** argv) {
  std::string ini;
  std::string engine_path = "/usr/games/fairy-stockfish";
  int games = 100;
  std::uint64_t seed = 20261129;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--ini")
      ini = argv[i + 1];
    else if (flag == "--engine")
      engine_path = argv[i + 1];
    else if (flag == "--games")
      games = std::stoi(argv[i + 1]);
    else if (flag == "--seed")
      seed = std::stoull(argv[i + 1]);
  }
  if (!std::filesystem::exists(engine_path)) {
    std::cerr << "fairy-stockfish not found at " << engine_path << " (make test installs it)\n";
    return 1;
  }
  Child engine(engine_path);
  if (!engine.ok()) {
    std::cerr << "cannot start " << engine_path << '\n';
    return 1;
  }
  engine.send("uci");
  engine.send("setoption name VariantPath value " + std::filesystem::absolute(ini).string());
  engine.send("setoption name UCI_Variant value chaturanga-seed");

  core::Rng rng(seed);
  int positions = 0;
  int mismatches = 0;
  for (int g = 0; g < games; ++g) {
    chaturanga::Position pos = chaturanga::Position::start();
    for (int ply = 0; ply < 160; ++ply) {
      chaturanga::MoveList list;
      chaturanga::generate<chaturanga::GenKind::All>(pos, list);
      std::set<std::string> ours;
      for (const auto m : list) ours.insert(chaturanga::to_uci(m));
      const std::string fen = chaturanga::to_fen(pos);
      bool ok = false;
      const std::set<std::string> theirs = engine_moves(engine, fen, ok);
      if (!ok) {
        std::cerr << "fairy-stockfish stopped answering at " << fen << '\n';
        return 1;
      }
      ++positions;
      if (ours != theirs) {
        ++mismatches;
        std::cerr << "MISMATCH at " << fen << ": ours " << ours.size() << ", fairy-stockfish "
                  << theirs.size() << '\n';
      }
      if (list.empty()) break;
      // Prefer captures a little so that games reach sparse, promoted endings.
      chaturanga::MoveList captures;
      chaturanga::generate<chaturanga::GenKind::Captures>(pos, captures);
      const bool capture = !captures.empty() && rng.below(3) == 0;
      const auto& from = capture ? captures : list;
      pos.play(from[rng.below(from.size())]);
    }
  }
  std::cout << positions << " positions compared with fairy-stockfish\n";
  std::cout << positions - mismatches << " passed, " << mismatches << " failed\n";
  return mismatches == 0 && positions > 1000 ? 0 : 1;
}
