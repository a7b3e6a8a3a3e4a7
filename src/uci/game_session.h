// What the UCI loop asks of the game that UCI_Variant chose: the commands
// that depend on a game's positions and moves. Each game translates them
// for its own engine (engine/chaturanga_engine.h, engine/chaturaji_engine.h);
// the loop (uci/uci.cpp) owns the options, `bench`, `isready` and `quit`.
// A search runs on the engine's thread: `go` returns at once and the answer
// is written when the search ends.
#pragma once

#include <cstdint>
#include <sstream>

#include "core/expected.h"

namespace uci {

// What one session may spend whatever its commands ask, for a front end fed
// untrusted input (the fuzz target). The defaults are the protocol's own.
struct Bounds {
  std::uint64_t max_nodes = 0;  // 0: none; else every search stops by this many nodes
  int max_perft_depth = 12;
  int max_bench_depth = 30;
  int max_hash_mb = 65536;
  int max_threads = 256;
};

// The options that shape how a game's engine plays (setoption).
struct Settings {
  int skill = 20;               // Skill Level 0..20; below 20 a level for people
  bool limit_strength = false;  // UCI_LimitStrength: play at the level UCI_Elo names
  int elo = 0;                  // UCI_Elo (0 until set: the top of the scale)
  unsigned games = 0;           // ucinewgame count, for the levels' repeatable choices
};

class GameSession {
 public:
  virtual ~GameSession() = default;

  // The rest of the command line after its first word.
  virtual void position(std::istringstream& args) = 0;
  virtual void go(std::istringstream& args, const Settings& settings) = 0;
  virtual void perft(int depth) = 0;
  virtual void print() = 0;  // `d`
  virtual void new_game() = 0;
  virtual void stop() = 0;
  virtual void ponderhit() = 0;
  // Waits for a running bounded search; an open-ended one (infinite,
  // ponder) is stopped first and answers with its best move so far.
  virtual void settle() = 0;

  // A size the machine cannot give keeps the old table; the error says why.
  virtual core::Expected<bool> set_hash(int megabytes) = 0;
  virtual void set_threads(int n) = 0;
  virtual void set_multipv(int n) = 0;
  virtual void set_move_overhead(int ms) = 0;
  virtual void clear_hash() = 0;
  // EvalFile: a learned evaluation for the current game, where it has one.
  virtual core::Expected<bool> set_network(const std::string& path) = 0;
  // Use Network: off, every two-player game plays with the hand-made evaluation alone.
  virtual core::Expected<bool> set_use_network(bool on) = 0;
};

}  // namespace uci
