#include "engine/chaturanga_engine.h"

#include <algorithm>

#include "chaturanga/fen.h"
#include "engine/chaturanga_levels.h"
#include "search/chaturanga/network.h"

namespace engine {

ChaturangaEngine::ChaturangaEngine(int hash_mb)
    : options_{.hash_mb = std::clamp(hash_mb, 1, 65536)},
      tt_(std::size_t(options_.hash_mb)),
      searcher_(tt_) {}

ChaturangaEngine::~ChaturangaEngine() { halt(); }

search::chaturanga::RootPosition ChaturangaEngine::root() const {
  search::chaturanga::RootPosition r{game_.position(), {}};
  chaturanga::Position pos = game_.start_position();
  for (const Move m : game_.moves()) {
    r.history.push_back(pos.key());
    pos.play(m);
  }
  return r;
}

void ChaturangaEngine::set_position(const Game& game) {
  halt();
  // The keys do not tell the games of the family apart: what the table and
  // the move statistics learnt under other rules must go.
  if (&game.position().rules() != &game_.position().rules()) {
    tt_.clear();
    searcher_.clear();
  }
  game_ = game;
}

core::Expected<bool> ChaturangaEngine::set_hash(int megabytes) {
  halt();
  const int mb = std::clamp(megabytes, 1, 65536);
  auto resized = tt_.resize(std::size_t(mb));
  if (resized) options_.hash_mb = mb;
  return resized;
}

void ChaturangaEngine::set_threads(int n) {
  halt();
  options_.threads = std::clamp(n, 1, 256);
  searcher_.set_threads(options_.threads);
}

void ChaturangaEngine::set_multipv(int n) { options_.multipv = std::clamp(n, 1, 256); }
void ChaturangaEngine::set_move_overhead(int ms) { options_.move_overhead_ms = std::clamp(ms, 0, 5000); }

void ChaturangaEngine::clear_hash() {
  halt();
  tt_.clear();
}

core::Expected<bool> ChaturangaEngine::set_network(const std::string& path) {
  halt();
  const chaturanga::Variant variant = game_.position().rules().variant;
  if (path.empty() || path == "<empty>") {
    search::chaturanga::set_network(variant, nullptr);
  } else {
    auto net = search::chaturanga::read_network(path);
    if (!net) return core::error(net.error());
    search::chaturanga::set_network(variant, std::move(net).value());
  }
  tt_.clear();
  return true;
}

// The table's static evaluations were made with the other evaluation.
core::Expected<bool> ChaturangaEngine::set_use_network(bool on) {
  halt();
  search::chaturanga::set_networks_enabled(on);
  tt_.clear();
  return true;
}

void ChaturangaEngine::new_game() {
  halt();
  tt_.clear();
  searcher_.clear();
  game_ = Game(chaturanga::start_position(game_.position().rules()));
}

search::Limits ChaturangaEngine::limits_of(const Request& request) const {
  search::Limits l = request.limits;
  if (l.multipv <= 1) l.multipv = options_.multipv;
  if (request.level < MAX_LEVEL) {
    const LevelSpec spec = level_spec(request.level);
    if (spec.depth && (!l.depth || l.depth > spec.depth)) l.depth = spec.depth;
    if (spec.nodes && (!l.nodes || l.nodes > spec.nodes)) l.nodes = spec.nodes;
    l.multipv = std::max(l.multipv, spec.multipv);
  }
  return l;
}

ChaturangaEngine::Reply ChaturangaEngine::search(const Request& request, const ReportFn& report) {
  const ReportFn sink = report ? report : [](const Report&) {};
  std::vector<Move> pv;
  const search::chaturanga::Result r = searcher_.run(
      root(), limits_of(request), control_,
      [&](const Report& rep) {
        if (rep.multipv == 1) pv = rep.pv;
        sink(rep);
      },
      options_.move_overhead_ms);
  control_.also_stop = nullptr;
  Reply reply;
  reply.best = r.best;
  reply.ponder = r.ponder;
  reply.score = r.score;
  reply.depth = r.depth;
  reply.nodes = r.nodes;
  reply.pv = pv.empty() && r.best ? std::vector<Move>{r.best} : pv;
  reply.lines = r.lines;
  reply.threads = r.threads;
  if (request.level < MAX_LEVEL) {
    core::Rng rng(request.seed);
    reply.best = pick_move(r, level_spec(request.level), rng);
  }
  return reply;
}

void ChaturangaEngine::go(const Request& request, ReportFn report, DoneFn done) {
  halt();
  control_.stop = false;
  control_.pondering = request.limits.ponder;
  control_.also_stop = request.stop;
  thread_.start(
      [this, request, report = std::move(report), done = std::move(done)] { done(search(request, report)); });
}

ChaturangaEngine::Reply ChaturangaEngine::think(const Request& request, const ReportFn& report) {
  halt();
  control_.stop = false;
  control_.pondering = false;
  control_.also_stop = request.stop;
  return search(request, report);
}

void ChaturangaEngine::stop() {
  control_.pondering = false;
  control_.stop = true;
}

void ChaturangaEngine::halt() {
  if (!thread_.running()) return;
  stop();
  wait();
}

}  // namespace engine
