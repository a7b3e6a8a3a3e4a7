// The clocks' timers: one thread that calls each game's flag when its time
// comes (not at the next request), so that neither I/O nor engine work can
// hold a flag up. Each game has a FlagTimer; setting it again replaces the
// wait before. The thread keeps every wait in one queue ordered by time and
// sleeps until the first: a set wakes it only when it brings a deadline
// earlier than the one it sleeps to, which a move almost never does (it
// starts the other player's clock, whose flag is further away than some
// other game's). A game (held by a bot job, say) may outlive the service
// that made it and its thread: a timer holds its thread weakly, and once
// the thread is gone setting the timer does nothing. Dropping a timer
// cancels its wait.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace server {

class FlagTimer;

class TimerThread {
 public:
  using Clock = std::chrono::steady_clock;

  TimerThread();
  // Stops (a wait that has not fired never will) and joins; see stop().
  ~TimerThread();
  TimerThread(const TimerThread&) = delete;
  TimerThread& operator=(const TimerThread&) = delete;

  // Once stop() returns, no handler runs any more: the owner may then go.
  void stop();
  // How often the thread has woken (for the tests: a later deadline must not wake it).
  std::uint64_t wakes() const;

 private:
  friend class FlagTimer;
  struct Wait {
    std::weak_ptr<FlagTimer> timer;
    std::function<void()> fire;
  };
  using Queue = std::multimap<Clock::time_point, Wait>;

  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  Queue queue_;
  // What the thread sleeps until; a new wait before it wakes the thread.
  Clock::time_point sleeping_until_ = Clock::time_point::max();
  bool stopping_ = false;
  std::uint64_t wakes_ = 0;
  std::thread thread_;
};

class FlagTimer : public std::enable_shared_from_this<FlagTimer> {
 public:
  using Clock = TimerThread::Clock;

  static std::shared_ptr<FlagTimer> make(std::shared_ptr<TimerThread> thread);
  ~FlagTimer();
  FlagTimer(const FlagTimer&) = delete;
  FlagTimer& operator=(const FlagTimer&) = delete;

  // Calls `fire` on the timer thread at `when` (at once if past), unless
  // set again or cancelled first.
  void set(Clock::time_point when, std::function<void()> fire);
  void cancel();

 private:
  friend class TimerThread;
  explicit FlagTimer(const std::shared_ptr<TimerThread>& thread) : thread_(thread) {}
  // Under the thread's lock.
  void forget_wait(TimerThread& thread);

  std::weak_ptr<TimerThread> thread_;
  // This timer's place in the thread's queue, under the thread's lock.
  bool queued_ = false;
  TimerThread::Queue::iterator wait_;
};

}  // namespace server
