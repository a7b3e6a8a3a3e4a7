// Worker threads for the engine, so that no search ever runs on an I/O
// thread. Jobs run in order of their due time (then of arrival); the
// destructor drops the jobs that have not started and joins the workers.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace server {

class BotPool {
 public:
  using Clock = std::chrono::steady_clock;

  explicit BotPool(int threads);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  void post(std::function<void()> job) { post_at(Clock::now(), std::move(job)); }
  void post_at(Clock::time_point due, std::function<void()> job);
  std::size_t queued() const;

 private:
  void work();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::multimap<Clock::time_point, std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace server
