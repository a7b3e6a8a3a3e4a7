#include "server/bot_pool.h"

#include <algorithm>

namespace server {

BotPool::BotPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i) workers_.emplace_back([this] { work(); });
}

BotPool::~BotPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void BotPool::post_at(Clock::time_point due, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    jobs_.emplace(due, std::move(job));
  }
  wake_.notify_one();
}

std::size_t BotPool::queued() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

void BotPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (stopping_) return;
    if (jobs_.empty()) {
      wake_.wait(lock);
      continue;
    }
    const auto due = jobs_.begin()->first;
    if (Clock::now() < due) {
      wake_.wait_until(lock, due);
      continue;
    }
    auto job = std::move(jobs_.begin()->second);
    jobs_.erase(jobs_.begin());
    lock.unlock();
    job();
    lock.lock();
  }
}

}  // namespace server
