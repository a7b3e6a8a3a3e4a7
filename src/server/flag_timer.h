// The clocks' timers: one thread running a Boost.Asio io_context of its own,
// so that a flag falls when its time comes (not at the next request) and
// neither I/O nor engine work can hold it up. Each game has a FlagTimer, a
// steady_timer on a strand of its own; setting it again replaces the wait
// before. A timer keeps the thread's context alive, since a game (held by
// a bot job, say) may outlive the service that made it; the waits hold the
// timer only weakly, so that dropping a game cancels its wait.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

namespace server {

class TimerThread {
 public:
  TimerThread();
  // Stops (a wait that has not fired never will) and joins; see stop().
  ~TimerThread();
  TimerThread(const TimerThread&) = delete;
  TimerThread& operator=(const TimerThread&) = delete;

  // Once stop() returns, no handler runs any more: the owner may then go.
  void stop();
  boost::asio::io_context& context() { return io_; }

 private:
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::thread thread_;
};

class FlagTimer : public std::enable_shared_from_this<FlagTimer> {
 public:
  using Clock = std::chrono::steady_clock;

  static std::shared_ptr<FlagTimer> make(std::shared_ptr<TimerThread> thread);

  // Calls `fire` on the timer thread at `when` (at once if past), unless
  // set again or cancelled first.
  void set(Clock::time_point when, std::function<void()> fire);
  void cancel();

 private:
  explicit FlagTimer(std::shared_ptr<TimerThread> thread);

  // Declared first: the context outlives the timer that uses it.
  std::shared_ptr<TimerThread> thread_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
};

}  // namespace server
