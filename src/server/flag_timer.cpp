#include "server/flag_timer.h"

#include <boost/asio/post.hpp>

namespace server {

namespace net = boost::asio;

TimerThread::TimerThread() : work_(net::make_work_guard(io_)), thread_([this] { io_.run(); }) {}

TimerThread::~TimerThread() { stop(); }

void TimerThread::stop() {
  if (!thread_.joinable()) return;
  work_.reset();
  io_.stop();
  // A last timer dropped on this thread may take the thread with it.
  if (thread_.get_id() == std::this_thread::get_id())
    thread_.detach();
  else
    thread_.join();
}

std::shared_ptr<FlagTimer> FlagTimer::make(std::shared_ptr<TimerThread> thread) {
  return std::shared_ptr<FlagTimer>(new FlagTimer(std::move(thread)));
}

FlagTimer::FlagTimer(std::shared_ptr<TimerThread> thread)
    : thread_(std::move(thread)), strand_(net::make_strand(thread_->context())), timer_(strand_) {}

// Every touch of the timer runs on its strand, the completion too, so that
// a set from a request thread never races the wait it replaces.
void FlagTimer::set(Clock::time_point when, std::function<void()> fire) {
  net::post(strand_, [weak = weak_from_this(), when, fire = std::move(fire)]() mutable {
    auto self = weak.lock();
    if (!self) return;
    self->timer_.expires_at(when);
    self->timer_.async_wait([weak, fire = std::move(fire)](const boost::system::error_code& ec) {
      if (ec || weak.expired()) return;
      fire();
    });
  });
}

void FlagTimer::cancel() {
  net::post(strand_, [weak = weak_from_this()] {
    if (auto self = weak.lock()) self->timer_.cancel();
  });
}

}  // namespace server
