// What the front ends (web server, terminal) ask of an engine, the same for
// every game: the move a bot of a level plays within a time bound, and an
// analysis of the position. Blocking calls for worker threads; `stop` lets
// the caller cut a search short (takeback, shutdown). Each builds a fresh
// engine, so calls share nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "chaturaji/game.h"
#include "chaturanga/game.h"
#include "engine/request.h"

namespace engine {

// The move the bot of `level` (1 = beginner .. 8 = full strength) plays in
// the current position; never longer than `budget`. Move::none() when the
// game is over. Deterministic for a fixed `seed`.
chaturanga::Move bot_move(const chaturanga::Game& game, int level, std::chrono::milliseconds budget,
                          const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0);
chaturaji::Move bot_move(const chaturaji::Game& game, int level, std::chrono::milliseconds budget,
                         const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0);

// Full strength within `budget`: the best move, its score from the mover's
// view and the principal variation. An empty reply when the game is over.
Reply<chaturanga::Move> analyse(const chaturanga::Game& game, std::chrono::milliseconds budget,
                                const std::atomic<bool>* stop = nullptr);
Reply<chaturaji::Move> analyse(const chaturaji::Game& game, std::chrono::milliseconds budget,
                               const std::atomic<bool>* stop = nullptr, std::uint64_t seed = 0);

}  // namespace engine
