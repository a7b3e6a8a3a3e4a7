#include "engine/chaturaji_bot.h"

#include <algorithm>
#include <array>

#include "chaturaji/movegen.h"
#include "chaturaji/scoring.h"
#include "search/chaturaji/baseline.h"
#include "search/chaturaji/brs.h"
#include "search/chaturaji/expectimax.h"
#include "search/chaturaji/iterate.h"
#include "search/chaturaji/mcts.h"
#include "search/chaturaji/paranoid.h"
#include "search/chaturaji/team_search.h"

namespace engine {

namespace {

using chaturaji::Move;
using chaturaji::Variant;
namespace cs = search::chaturaji;

struct Named {
  ChaturajiAlgorithm algorithm;
  std::string_view name;
};
constexpr std::array<Named, 12> NAMES{{{ChaturajiAlgorithm::Auto, "auto"},
                                       {ChaturajiAlgorithm::Random, "random"},
                                       {ChaturajiAlgorithm::Greedy, "greedy"},
                                       {ChaturajiAlgorithm::GreedyMaterial, "greedy-material"},
                                       {ChaturajiAlgorithm::GreedyCapture, "greedy-capture"},
                                       {ChaturajiAlgorithm::Team, "team"},
                                       {ChaturajiAlgorithm::Expectimax, "expectimax"},
                                       {ChaturajiAlgorithm::Star1, "star1"},
                                       {ChaturajiAlgorithm::Brs, "brs"},
                                       {ChaturajiAlgorithm::BrsPlus, "brs+"},
                                       {ChaturajiAlgorithm::Paranoid, "paranoid"},
                                       {ChaturajiAlgorithm::Mcts, "mcts"}}};

std::vector<core::Key> history_keys(const chaturaji::Game& game) {
  std::vector<core::Key> keys;
  const auto& h = game.history();
  keys.reserve(h.size() + cs::MAX_PLY);
  for (std::size_t i = 0; i + 1 < h.size(); ++i) keys.push_back(h[i].key());
  return keys;
}

// A claim that leaves the player to move first alone.
bool winning_claim(const chaturaji::Position& pos) {
  if (pos.variant() != Variant::Points || !chaturaji::may_claim(pos)) return false;
  const auto scores = chaturaji::final_scores(pos, chaturaji::Ending::Claim);
  for (int s = 0; s < chaturaji::SEAT_COUNT; ++s)
    if (s != pos.turn() && scores[std::size_t(s)] >= scores[std::size_t(pos.turn())]) return false;
  return true;
}

template <class S>
cs::Result run(S& searcher, search::Budget& budget) {
  return cs::iterate(searcher, budget);
}

cs::Result search_with(ChaturajiAlgorithm a, const chaturaji::Game& game, search::Budget& budget,
                       search::TranspositionTable& tt, std::uint64_t seed) {
  const chaturaji::Position& pos = game.position();
  switch (a) {
    case ChaturajiAlgorithm::Team: {
      cs::TeamSearch s(pos, history_keys(game), budget, tt);
      return run(s, budget);
    }
    case ChaturajiAlgorithm::Expectimax:
    case ChaturajiAlgorithm::Star1: {
      cs::Expectimax s(pos, history_keys(game), budget, tt, a == ChaturajiAlgorithm::Expectimax);
      return run(s, budget);
    }
    case ChaturajiAlgorithm::Brs:
    case ChaturajiAlgorithm::BrsPlus: {
      cs::BestReplySearch s(pos, budget, tt, a == ChaturajiAlgorithm::BrsPlus);
      return run(s, budget);
    }
    case ChaturajiAlgorithm::Paranoid: {
      cs::ParanoidSearch s(pos, budget, tt);
      return run(s, budget);
    }
    case ChaturajiAlgorithm::Mcts: {
      cs::Mcts s(pos, budget, seed);
      return s.run();
    }
    default: return {};
  }
}

}  // namespace

std::optional<ChaturajiAlgorithm> chaturaji_algorithm_from_name(std::string_view name) {
  for (const Named& n : NAMES)
    if (n.name == name) return n.algorithm;
  return std::nullopt;
}

std::string_view chaturaji_algorithm_name(ChaturajiAlgorithm a) {
  for (const Named& n : NAMES)
    if (n.algorithm == a) return n.name;
  return "?";
}

ChaturajiAlgorithm strongest_algorithm(Variant v) {
  switch (v) {
    case Variant::Teams: return ChaturajiAlgorithm::Team;
    case Variant::Dice: return ChaturajiAlgorithm::Expectimax;
    case Variant::Points: return ChaturajiAlgorithm::Brs;
  }
  return ChaturajiAlgorithm::Team;
}

ChaturajiReply chaturaji_think(const chaturaji::Game& game, const ChaturajiRequest& request,
                               search::TranspositionTable* tt) {
  // The clock starts with the request, so that allocating and clearing a
  // fresh table is time of the reply too.
  search::Budget budget(request.limits);
  ChaturajiReply reply;
  if (game.over()) return reply;
  const chaturaji::Position& pos = game.position();
  const search::chaturaji::ParamsScope weights(request.params);
  core::Rng rng(request.seed * 0x9E3779B97F4A7C15ULL + game.moves().size() + 1);
  const ChaturajiAlgorithm a =
      request.algorithm == ChaturajiAlgorithm::Auto ? strongest_algorithm(pos.variant()) : request.algorithm;
  switch (a) {
    case ChaturajiAlgorithm::Random: reply.move = cs::random_move(pos, rng); return reply;
    case ChaturajiAlgorithm::Greedy: reply.move = cs::greedy_move(pos, rng, request.noise); return reply;
    case ChaturajiAlgorithm::GreedyMaterial: reply.move = cs::greedy_material_move(pos, rng); return reply;
    case ChaturajiAlgorithm::GreedyCapture: reply.move = cs::greedy_capture_move(pos, rng); return reply;
    default: break;
  }
  if (winning_claim(pos)) {
    reply.move = Move::special(Move::Claim);
    return reply;
  }
  std::optional<search::TranspositionTable> local;
  if (!tt) local.emplace(request.hash_mb);
  search::TranspositionTable& table = tt ? *tt : *local;
  table.new_search();
  reply.result = search_with(a, game, budget, table, request.seed + game.moves().size());
  reply.move = reply.result.best;
  // Cut short before the first iteration finished: the ordering's first move.
  if (!reply.move) reply.move = cs::greedy_move(pos, rng);
  return reply;
}

ChaturajiRequest chaturaji_level_request(int level, std::chrono::milliseconds budget,
                                         const std::atomic<bool>* stop, std::uint64_t seed) {
  level = std::clamp(level, 1, 8);
  ChaturajiRequest r;
  r.seed = seed;
  r.limits.stop = stop;
  r.limits.time_ms = std::max<std::int64_t>(1, budget.count());
  if (level <= 2) {
    r.algorithm = ChaturajiAlgorithm::Greedy;
    r.noise = level == 1 ? 400 : 120;
    return r;
  }
  static constexpr std::array<int, 9> DEPTH{0, 0, 0, 1, 2, 3, 4, 6, 0};
  r.limits.depth = DEPTH[std::size_t(level)];
  // As for the two-player bot: the shallow levels fill a small table, and
  // allocating and clearing 16 MiB would cost more than their search.
  r.hash_mb = level >= 7 ? 16 : 2;
  return r;
}

chaturaji::Move chaturaji_bot_move(const chaturaji::Game& game, int level, std::chrono::milliseconds budget,
                                   const std::atomic<bool>* stop, std::uint64_t seed) {
  return chaturaji_think(game, chaturaji_level_request(level, budget, stop, seed)).move;
}

}  // namespace engine
