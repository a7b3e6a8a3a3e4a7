#include "server/flag_timer.h"

namespace server {

TimerThread::TimerThread() : thread_([this] { run(); }) {}

TimerThread::~TimerThread() { stop(); }

void TimerThread::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (!thread_.joinable()) return;
  // A last timer dropped on this thread may take the thread with it.
  if (thread_.get_id() == std::this_thread::get_id())
    thread_.detach();
  else
    thread_.join();
}

std::uint64_t TimerThread::wakes() const {
  std::lock_guard lock(mutex_);
  return wakes_;
}

void TimerThread::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (queue_.empty() || queue_.begin()->first > Clock::now()) {
      sleeping_until_ = queue_.empty() ? Clock::time_point::max() : queue_.begin()->first;
      if (queue_.empty())
        wake_.wait(lock);
      else
        wake_.wait_until(lock, sleeping_until_);
      ++wakes_;
      continue;
    }
    // Due: taken off the queue, then called without the lock, the timer held
    // so that it cannot go while its handler runs.
    Wait due = std::move(queue_.begin()->second);
    queue_.erase(queue_.begin());
    std::shared_ptr<FlagTimer> timer = due.timer.lock();
    if (!timer) continue;
    timer->queued_ = false;
    sleeping_until_ = Clock::time_point::min();  // awake: no set needs to wake it
    lock.unlock();
    due.fire();
    due.fire = nullptr;
    timer.reset();  // may be the last hold on the timer, whose destructor takes the lock
    lock.lock();
  }
}

std::shared_ptr<FlagTimer> FlagTimer::make(std::shared_ptr<TimerThread> thread) {
  return std::shared_ptr<FlagTimer>(new FlagTimer(thread));
}

FlagTimer::~FlagTimer() { cancel(); }

void FlagTimer::forget_wait(TimerThread& thread) {
  if (queued_) thread.queue_.erase(wait_);
  queued_ = false;
}

void FlagTimer::set(Clock::time_point when, std::function<void()> fire) {
  const std::shared_ptr<TimerThread> thread = thread_.lock();
  if (!thread) return;
  bool wake = false;
  {
    std::lock_guard lock(thread->mutex_);
    if (thread->stopping_) return;
    forget_wait(*thread);
    wait_ = thread->queue_.emplace(when, TimerThread::Wait{weak_from_this(), std::move(fire)});
    queued_ = true;
    wake = when < thread->sleeping_until_;
  }
  if (wake) thread->wake_.notify_one();
}

void FlagTimer::cancel() {
  const std::shared_ptr<TimerThread> thread = thread_.lock();
  if (!thread) return;
  std::lock_guard lock(thread->mutex_);
  forget_wait(*thread);
}

}  // namespace server
