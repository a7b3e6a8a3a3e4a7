// The clocks' timers (server/flag_timer.h): each wait fires once at its
// time, in time order, replaced by a later set and gone with a cancel or
// with its timer; a deadline later than the one the thread sleeps to does
// not wake the thread; after stop() nothing fires.
#include "server/flag_timer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace server {
namespace {

using namespace std::chrono_literals;
using Clock = FlagTimer::Clock;

class Fired {
 public:
  std::function<void()> note(std::string what) {
    return [this, what] {
      std::lock_guard lock(mutex_);
      seen_.push_back(what);
    };
  }
  std::vector<std::string> seen() const {
    std::lock_guard lock(mutex_);
    return seen_;
  }
  // What has fired once `n` have (or after 5 s, on a machine too busy).
  std::vector<std::string> once(std::size_t n) const {
    for (int i = 0; i < 500 && seen().size() < n; ++i) std::this_thread::sleep_for(10ms);
    return seen();
  }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> seen_;
};

TEST(FlagTimer, WaitsFireOnceInTheOrderOfTheirTimes) {
  auto thread = std::make_shared<TimerThread>();
  Fired fired;
  auto late = FlagTimer::make(thread);
  auto early = FlagTimer::make(thread);
  auto past = FlagTimer::make(thread);
  const auto now = Clock::now();
  late->set(now + 60ms, fired.note("late"));
  early->set(now + 20ms, fired.note("early"));
  past->set(now - 1s, fired.note("past"));
  EXPECT_EQ(fired.once(3), (std::vector<std::string>{"past", "early", "late"}));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(fired.seen().size(), 3u) << "a wait fired twice";
  thread->stop();
}

TEST(FlagTimer, ASetReplacesTheWaitBeforeAndACancelOrADroppedTimerEndsIt) {
  auto thread = std::make_shared<TimerThread>();
  Fired fired;
  auto moved = FlagTimer::make(thread);
  auto cancelled = FlagTimer::make(thread);
  auto dropped = FlagTimer::make(thread);
  const auto now = Clock::now();
  moved->set(now + 20ms, fired.note("first"));
  moved->set(now + 40ms, fired.note("second"));
  cancelled->set(now + 20ms, fired.note("cancelled"));
  cancelled->cancel();
  dropped->set(now + 20ms, fired.note("dropped"));
  dropped.reset();
  // The others were due before "second": had they fired, they would come first.
  EXPECT_EQ(fired.once(1), (std::vector<std::string>{"second"}));
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(fired.seen(), (std::vector<std::string>{"second"}));
  thread->stop();
}

TEST(FlagTimer, ALaterDeadlineDoesNotWakeTheThreadAnEarlierOneDoes) {
  auto thread = std::make_shared<TimerThread>();
  Fired fired;
  auto soon = FlagTimer::make(thread);
  soon->set(Clock::now() + 2s, fired.note("soon"));
  std::this_thread::sleep_for(50ms);  // the thread sleeps until that wait now
  const auto before = thread->wakes();
  std::vector<std::shared_ptr<FlagTimer>> later;
  for (int i = 0; i < 100; ++i) {
    later.push_back(FlagTimer::make(thread));
    later.back()->set(Clock::now() + 10s + i * 1ms, fired.note("later"));
  }
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(thread->wakes(), before) << "deadlines after the one it sleeps to woke the thread";
  auto sooner = FlagTimer::make(thread);
  sooner->set(Clock::now() + 10ms, fired.note("sooner"));
  EXPECT_EQ(fired.once(1), (std::vector<std::string>{"sooner"}));
  EXPECT_GT(thread->wakes(), before);
  thread->stop();
}

TEST(FlagTimer, NothingFiresAfterStopAndATimerOutlivesItsThread) {
  auto thread = std::make_shared<TimerThread>();
  std::atomic<int> fired{0};
  auto timer = FlagTimer::make(thread);
  timer->set(Clock::now() + 30ms, [&] { ++fired; });
  thread->stop();
  std::this_thread::sleep_for(60ms);
  EXPECT_EQ(fired.load(), 0);
  timer->set(Clock::now(), [&] { ++fired; });
  thread.reset();  // the game's timer outlives the service's thread
  timer->set(Clock::now(), [&] { ++fired; });
  timer->cancel();
  timer.reset();
  EXPECT_EQ(fired.load(), 0);
}

}  // namespace
}  // namespace server
