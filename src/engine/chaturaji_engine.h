// The four-handed engine façade, in the shape of the two-player one
// (engine/chaturanga_engine.h): owns the game and the hash table; go()
// returns at once and the reply arrives by callback, think() blocks. The
// move is for the player to move in a `chaturaji-teams`, `-dice` or
// `-points` game: the strongest search for the rule set, or a named
// algorithm (the arena, UCI), within the request's limits or its level.
// Deterministic for a fixed seed when the limits are a depth or a node count.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

#include "chaturaji/game.h"
#include "engine/request.h"
#include "engine/search_thread.h"
#include "search/chaturaji/eval_params.h"
#include "search/report.h"
#include "search/tt.h"

namespace engine {

enum class ChaturajiAlgorithm : std::uint8_t {
  Auto,            // the strongest for the rule set
  Random,          // any legal move
  Greedy,          // best static evaluation one ply ahead
  GreedyMaterial,  // best material one ply ahead
  GreedyCapture,   // `points`: most points at once
  Team,            // `teams` alpha-beta
  Expectimax,      // `dice` expectiminimax with Star1/Star2
  Star1,           // the same with Star1 only
  Brs,             // `points` Best-Reply Search
  BrsPlus,
  Paranoid,
  Mcts,  // `points` and `dice`: Monte Carlo tree search with max^n backups
};
std::optional<ChaturajiAlgorithm> chaturaji_algorithm_from_name(std::string_view name);
std::string_view chaturaji_algorithm_name(ChaturajiAlgorithm a);
// What Auto plays for each rule set.
ChaturajiAlgorithm strongest_algorithm(chaturaji::Variant v);

struct ChaturajiOptions {
  ChaturajiAlgorithm algorithm = ChaturajiAlgorithm::Auto;
  int noise = 0;  // Greedy: a random bonus of up to this many centipawns per move
  // Evaluation weights (self-play tuning); the rule set's when null. Not owned.
  const search::chaturaji::EvalParams* params = nullptr;
  int hash_mb = 16;
};

class ChaturajiEngine {
 public:
  using Game = chaturaji::Game;
  using Move = chaturaji::Move;
  using Reply = engine::Reply<Move>;
  using Report = search::Report<Move>;
  using ReportFn = std::function<void(const Report&)>;
  using DoneFn = std::function<void(const Reply&)>;

  // The table is allocated by the first search, once its clock runs: a
  // reply's time bound covers allocating and clearing it.
  explicit ChaturajiEngine(int hash_mb = 16);
  ~ChaturajiEngine();
  ChaturajiEngine(const ChaturajiEngine&) = delete;
  ChaturajiEngine& operator=(const ChaturajiEngine&) = delete;

  // The setters and go() end a running search first.
  void set_position(const Game& game);
  // A size the machine cannot give keeps the old table; the error says why.
  core::Expected<bool> set_hash(int megabytes);
  void set_algorithm(ChaturajiAlgorithm a);
  void set_noise(int centipawns);
  void set_params(const search::chaturaji::EvalParams* params);
  void clear_hash();
  void new_game(chaturaji::Variant v);
  const Game& game() const { return game_; }
  const ChaturajiOptions& options() const { return options_; }

  // Starts a search of the current position and returns at once. `done` is
  // called exactly once, with the reply, from the search thread. The
  // searches report once, when they end.
  void go(const Request& request, ReportFn report, DoneFn done);
  // Blocking form, on the calling thread.
  Reply think(const Request& request, const ReportFn& report = {});
  void stop() { stop_ = true; }
  void ponderhit() {}
  void wait() { thread_.wait(); }

 private:
  Reply search(const Request& request, const ReportFn& report);
  void halt();

  Game game_;
  ChaturajiOptions options_;
  std::optional<search::TranspositionTable> tt_;
  std::atomic<bool> stop_{false};
  SearchThread thread_;
};

}  // namespace engine
