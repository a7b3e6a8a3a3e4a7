// The two-player engine façade: owns the game, the hash table and the
// search threads. go() returns at once and the reply arrives by callback
// from the search thread; think() is the blocking form for worker threads.
// UCI, the terminal and the web server are thin translators over it, and
// the four-handed engine (engine/chaturaji_engine.h) has the same shape.
#pragma once

#include <functional>

#include "chaturanga/game.h"
#include "core/expected.h"
#include "engine/request.h"
#include "engine/search_thread.h"
#include "search/chaturanga/search.h"

namespace engine {

struct ChaturangaOptions {
  int hash_mb = 16;
  int threads = 1;
  int multipv = 1;
  int move_overhead_ms = 10;
};

class ChaturangaEngine {
 public:
  using Game = chaturanga::Game;
  using Move = chaturanga::Move;
  using Reply = engine::Reply<Move>;
  using Report = search::Report<Move>;
  using ReportFn = std::function<void(const Report&)>;
  using DoneFn = std::function<void(const Reply&)>;

  // The hash table is allocated once, at `hash_mb` megabytes.
  explicit ChaturangaEngine(int hash_mb = 16);
  ~ChaturangaEngine();
  ChaturangaEngine(const ChaturangaEngine&) = delete;
  ChaturangaEngine& operator=(const ChaturangaEngine&) = delete;

  // The setters and go() end a running search first. A game under other
  // rules of the family (chaturanga/rule_set.h) also clears the hash table.
  void set_position(const Game& game);
  // A size the machine cannot give keeps the old table; the error says why.
  core::Expected<bool> set_hash(int megabytes);
  void set_threads(int n);
  void set_multipv(int n);
  void set_move_overhead(int ms);
  void clear_hash();
  // The learned evaluation (search/chaturanga/network.h) the current game's
  // rules play with, read from `path`; an empty path or "<empty>" goes back
  // to the game's built-in network (Chaturanga's for the seed's rules,
  // Makruk's, also Cambodian's, Shatranj's and Sittuyin's). The hash table
  // is cleared: it holds the old evaluation's scores. An unreadable file
  // keeps the evaluation as it was.
  core::Expected<bool> set_network(const std::string& path);
  // Off: every game plays with the hand-made evaluation alone, whatever
  // network it has (the process's setting, as the networks are).
  core::Expected<bool> set_use_network(bool on);
  // The start position of the current game's rules, with a cleared table.
  void new_game();
  const Game& game() const { return game_; }
  const ChaturangaOptions& options() const { return options_; }

  // Starts a search of the current position and returns at once. `done` is
  // called exactly once, with the reply, from the search thread.
  void go(const Request& request, ReportFn report, DoneFn done);
  // Blocking form, on the calling thread.
  Reply think(const Request& request, const ReportFn& report = {});
  void stop();
  void ponderhit() { control_.pondering = false; }
  // Waits until the running search, if any, has called `done`.
  void wait() { thread_.wait(); }

 private:
  search::chaturanga::RootPosition root() const;
  // The request's limits with the engine's options and the level's bounds.
  search::Limits limits_of(const Request& request) const;
  Reply search(const Request& request, const ReportFn& report);
  // Stops a running search and waits for it: a new command supersedes it.
  void halt();

  Game game_;
  ChaturangaOptions options_;
  search::TranspositionTable tt_;
  search::chaturanga::Searcher searcher_;
  search::chaturanga::Control control_;
  SearchThread thread_;
};

}  // namespace engine
