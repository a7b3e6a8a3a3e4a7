// The one thread an engine searches on, so that go() returns at once: a new
// job first waits for the one before it, and the destructor waits for the
// last. Stopping a search is the engine's business (its stop flag); this
// only runs and joins.
#pragma once

#include <functional>
#include <thread>
#include <utility>

namespace engine {

class SearchThread {
 public:
  SearchThread() = default;
  ~SearchThread() { wait(); }
  SearchThread(const SearchThread&) = delete;
  SearchThread& operator=(const SearchThread&) = delete;

  void start(std::function<void()> job) {
    wait();
    thread_ = std::thread(std::move(job));
  }
  bool running() const { return thread_.joinable(); }
  void wait() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread thread_;
};

}  // namespace engine
