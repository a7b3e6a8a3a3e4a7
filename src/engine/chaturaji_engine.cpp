#include "engine/chaturaji_engine.h"

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
#include "search/timeman.h"

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

namespace {

search::Bounds bounds_of(const Request& request, int seat) {
  search::Bounds b;
  b.depth = std::min(request.limits.depth, search::MAX_DEPTH);
  b.nodes = request.limits.nodes;
  b.time_ms = request.limits.movetime_ms > 0 ? std::min(request.limits.movetime_ms, search::YEAR_MS)
                                             : search::single_bound_ms(request.limits, seat);
  b.stop = request.stop;
  return b;
}

// The levels for people: 1-2 greedy with noise, 3.. searches of growing
// depth, 8 full strength within the time bound.
void apply_level(int level, ChaturajiAlgorithm& algorithm, int& noise, search::Bounds& bounds) {
  level = std::clamp(level, MIN_LEVEL, MAX_LEVEL);
  algorithm = ChaturajiAlgorithm::Auto;
  noise = 0;
  if (level <= 2) {
    algorithm = ChaturajiAlgorithm::Greedy;
    noise = level == 1 ? 400 : 120;
    return;
  }
  static constexpr std::array<int, 9> DEPTH{0, 0, 0, 1, 2, 3, 4, 6, 0};
  bounds.depth = DEPTH[std::size_t(level)];
}

}  // namespace

ChaturajiEngine::ChaturajiEngine(int hash_mb)
    : game_(chaturaji::Variant::Teams), options_{.hash_mb = std::clamp(hash_mb, 1, 65536)} {}

ChaturajiEngine::~ChaturajiEngine() { halt(); }

void ChaturajiEngine::set_position(const Game& game) {
  halt();
  game_ = game;
}

core::Expected<bool> ChaturajiEngine::set_hash(int megabytes) {
  halt();
  const int mb = std::clamp(megabytes, 1, 65536);
  // A table made only to try the size is dropped again if it cannot grow,
  // so that the next search makes one at the old size.
  const bool probing = !tt_;
  if (probing) tt_.emplace(1);
  auto resized = tt_->resize(std::size_t(mb));
  if (resized)
    options_.hash_mb = mb;
  else if (probing)
    tt_.reset();
  return resized;
}

void ChaturajiEngine::set_algorithm(ChaturajiAlgorithm a) {
  halt();
  options_.algorithm = a;
}

void ChaturajiEngine::set_noise(int centipawns) {
  halt();
  options_.noise = centipawns;
}

void ChaturajiEngine::set_params(const search::chaturaji::EvalParams* params) {
  halt();
  options_.params = params;
}

void ChaturajiEngine::clear_hash() {
  halt();
  if (tt_) tt_->clear();
}

void ChaturajiEngine::new_game(chaturaji::Variant v) {
  clear_hash();
  game_ = Game(v, 1);
}

ChaturajiEngine::Reply ChaturajiEngine::search(const Request& request, const ReportFn& report) {
  // The clock starts with the request, so that allocating and clearing a
  // fresh table is time of the reply too.
  const chaturaji::Position& pos = game_.position();
  search::Bounds bounds = bounds_of(request, pos.turn());
  bounds.also_stop = &stop_;
  ChaturajiAlgorithm algorithm = options_.algorithm;
  int noise = options_.noise;
  if (request.level < MAX_LEVEL) apply_level(request.level, algorithm, noise, bounds);
  search::Budget budget(bounds);
  Reply reply;
  if (game_.over()) return reply;
  const search::chaturaji::ParamsScope weights(options_.params);
  core::Rng rng(request.seed * 0x9E3779B97F4A7C15ULL + game_.moves().size() + 1);
  const ChaturajiAlgorithm a =
      algorithm == ChaturajiAlgorithm::Auto ? strongest_algorithm(pos.variant()) : algorithm;
  switch (a) {
    case ChaturajiAlgorithm::Random: reply.best = cs::random_move(pos, rng); return reply;
    case ChaturajiAlgorithm::Greedy: reply.best = cs::greedy_move(pos, rng, noise); return reply;
    case ChaturajiAlgorithm::GreedyMaterial: reply.best = cs::greedy_material_move(pos, rng); return reply;
    case ChaturajiAlgorithm::GreedyCapture: reply.best = cs::greedy_capture_move(pos, rng); return reply;
    default: break;
  }
  if (chaturaji::claim_wins(pos)) {
    reply.best = Move::special(Move::Claim);
    return reply;
  }
  if (!tt_) tt_.emplace(std::size_t(options_.hash_mb));
  tt_->new_search();
  const cs::Result r = search_with(a, game_, budget, *tt_, request.seed + game_.moves().size());
  reply.best = r.best;
  reply.score = r.score;
  reply.depth = r.depth;
  reply.nodes = r.nodes;
  reply.ms = r.ms;
  reply.pv = r.pv;
  // Cut short before the first iteration finished: the ordering's first move.
  if (!reply.best) reply.best = cs::greedy_move(pos, rng);
  if (report && r.depth > 0) {
    Report rep;
    rep.depth = r.depth;
    rep.score = r.score;
    rep.nodes = r.nodes;
    rep.time_ms = r.ms;
    rep.pv = r.pv;
    report(rep);
  }
  return reply;
}

void ChaturajiEngine::go(const Request& request, ReportFn report, DoneFn done) {
  halt();
  stop_ = false;
  thread_.start(
      [this, request, report = std::move(report), done = std::move(done)] { done(search(request, report)); });
}

ChaturajiEngine::Reply ChaturajiEngine::think(const Request& request, const ReportFn& report) {
  halt();
  stop_ = false;
  return search(request, report);
}

void ChaturajiEngine::halt() {
  if (!thread_.running()) return;
  stop();
  wait();
}

}  // namespace engine
