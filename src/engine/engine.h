// The engine façade: owns the game position, the hash table and the search
// threads. go() returns at once; reports and the best move arrive by
// callback from the search thread. UCI, the terminal and the web server are
// thin translators over it.
#pragma once

#include <functional>
#include <mutex>
#include <thread>

#include "chaturanga/game.h"
#include "core/expected.h"
#include "search/search.h"

namespace engine {

struct Options {
  int hash_mb = 16;
  int threads = 1;
  int multipv = 1;
  int move_overhead_ms = 10;
};

class Engine {
 public:
  using ReportFn = std::function<void(const search::Report&)>;
  using DoneFn = std::function<void(const search::Result&)>;

  // The hash table is allocated once, at `hash_mb` megabytes.
  explicit Engine(int hash_mb = 16);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The setters and go() end a running search first.
  void set_position(const chaturanga::Game& game);
  // A size the machine cannot give keeps the old table; the error says why.
  core::Expected<bool> set_hash(int megabytes);
  void set_threads(int n);
  void set_multipv(int n);
  void set_move_overhead(int ms);
  void clear_hash();
  void new_game();
  const chaturanga::Game& game() const { return game_; }
  const Options& options() const { return options_; }

  // Starts a search of the current position and returns at once. `done` is
  // called exactly once, with the result, from the search thread.
  void go(const search::Limits& limits, ReportFn report, DoneFn done);
  // Blocking form: the result of a search of the current position.
  search::Result search(const search::Limits& limits, const std::atomic<bool>* also_stop = nullptr,
                        ReportFn report = {});
  void stop();
  void ponderhit() { control_.pondering = false; }
  // Waits until the running search, if any, has called `done`.
  void wait();

  search::TranspositionTable& tt() { return tt_; }

 private:
  search::RootPosition root() const;
  // Stops a running search and waits for it: a new command supersedes it.
  void halt();

  chaturanga::Game game_;
  Options options_;
  search::TranspositionTable tt_;
  search::Searcher searcher_;
  search::Control control_;
  std::thread thread_;
};

}  // namespace engine
