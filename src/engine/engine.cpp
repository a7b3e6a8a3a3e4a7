#include "engine/engine.h"

namespace engine {

Engine::Engine(int hash_mb)
    : options_{.hash_mb = std::clamp(hash_mb, 1, 65536)},
      tt_(std::size_t(options_.hash_mb)),
      searcher_(tt_) {}

Engine::~Engine() {
  stop();
  wait();
}

search::RootPosition Engine::root() const {
  search::RootPosition r{game_.position(), {}};
  chaturanga::Position pos = game_.start_position();
  for (const chaturanga::Move m : game_.moves()) {
    r.history.push_back(pos.key());
    pos.play(m);
  }
  return r;
}

void Engine::set_position(const chaturanga::Game& game) {
  halt();
  game_ = game;
}

core::Expected<bool> Engine::set_hash(int megabytes) {
  halt();
  const int mb = std::clamp(megabytes, 1, 65536);
  auto resized = tt_.resize(std::size_t(mb));
  if (resized) options_.hash_mb = mb;
  return resized;
}

void Engine::set_threads(int n) {
  halt();
  options_.threads = std::clamp(n, 1, 256);
  searcher_.set_threads(options_.threads);
}

void Engine::set_multipv(int n) { options_.multipv = std::clamp(n, 1, 256); }
void Engine::set_move_overhead(int ms) { options_.move_overhead_ms = std::clamp(ms, 0, 5000); }

void Engine::clear_hash() {
  halt();
  tt_.clear();
}

void Engine::new_game() {
  halt();
  tt_.clear();
  searcher_.clear();
  game_ = chaturanga::Game();
}

void Engine::go(const search::Limits& limits, ReportFn report, DoneFn done) {
  halt();
  control_.stop = false;
  control_.pondering = limits.ponder;
  control_.also_stop = nullptr;
  search::Limits l = limits;
  if (l.multipv <= 1) l.multipv = options_.multipv;
  thread_ = std::thread([this, l, report = std::move(report), done = std::move(done)] {
    const search::ReportFn sink = report ? report : [](const search::Report&) {};
    const search::Result r = searcher_.run(root(), l, control_, sink, options_.move_overhead_ms);
    done(r);
  });
}

search::Result Engine::search(const search::Limits& limits, const std::atomic<bool>* also_stop,
                              ReportFn report) {
  halt();
  control_.stop = false;
  control_.pondering = false;
  control_.also_stop = also_stop;
  search::Limits l = limits;
  if (l.multipv <= 1) l.multipv = options_.multipv;
  const search::ReportFn sink = report ? report : [](const search::Report&) {};
  search::Result r = searcher_.run(root(), l, control_, sink, options_.move_overhead_ms);
  control_.also_stop = nullptr;
  return r;
}

void Engine::stop() {
  control_.pondering = false;
  control_.stop = true;
}

void Engine::halt() {
  if (!thread_.joinable()) return;
  stop();
  wait();
}

void Engine::wait() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace engine
