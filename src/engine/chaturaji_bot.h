// The four-handed bots behind one façade: the move for the player to move in
// a `chaturaji-teams`, `-dice` or `-points` game, for a level (1..8) within
// a time bound, or for a named algorithm and limits (the arena, UCI). Blocking
// calls meant for worker threads; `stop` cuts a search short. Deterministic
// for a fixed seed when the limits are a depth or a node count.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string_view>

#include "chaturaji/game.h"
#include "search/budget.h"
#include "search/chaturaji/eval_params.h"
#include "search/chaturaji/result.h"
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

struct ChaturajiRequest {
  ChaturajiAlgorithm algorithm = ChaturajiAlgorithm::Auto;
  search::Bounds limits;
  std::uint64_t seed = 0;
  int noise = 0;  // Greedy: random bonus up to this many centipawns per move
  // Evaluation weights for this request (self-play tuning); the rule set's when null.
  const search::chaturaji::EvalParams* params = nullptr;
  // The size of the fresh table a search without a kept one allocates.
  std::size_t hash_mb = 16;
};

struct ChaturajiReply {
  chaturaji::Move move;  // Move::none() once the game is over
  search::chaturaji::Result result;
};

// `tt`: a table kept between moves (the arena, a UCI session); a fresh one
// when null.
ChaturajiReply chaturaji_think(const chaturaji::Game& game, const ChaturajiRequest& request,
                               search::TranspositionTable* tt = nullptr);

// The level's request: 1-2 greedy with noise, 3.. searches of growing depth,
// 8 full strength within the time bound.
ChaturajiRequest chaturaji_level_request(int level, std::chrono::milliseconds budget,
                                         const std::atomic<bool>* stop, std::uint64_t seed);

chaturaji::Move chaturaji_bot_move(const chaturaji::Game& game, int level, std::chrono::milliseconds budget,
                                   const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0);

}  // namespace engine
