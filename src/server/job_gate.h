// Jobs that an object posts to a pool it does not own, with `this` inside:
// the gate lets them start only while the object is alive, and its owner's
// destructor waits for those already running. The pool may outlive the
// object (tests share one pool among services; the server stops the service
// first), so a job still queued when the object goes must find the gate
// closed, never a dangling `this`.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>

namespace server {

class JobGate {
 public:
  // `job`, run only if the gate is still open when the pool starts it.
  std::function<void()> guard(std::function<void()> job) const {
    return [state = state_, job = std::move(job)] {
      {
        std::lock_guard lock(state->mutex);
        if (state->closed) return;
        ++state->running;
      }
      const Leave leave{*state};
      job();
    };
  }

  // No guarded job starts after this.
  void close() {
    std::lock_guard lock(state_->mutex);
    state_->closed = true;
  }

  // Returns once no guarded job is running.
  void wait_idle() {
    std::unique_lock lock(state_->mutex);
    state_->idle.wait(lock, [this] { return state_->running == 0; });
  }

 private:
  struct State {
    std::mutex mutex;
    std::condition_variable idle;
    int running = 0;
    bool closed = false;
  };
  struct Leave {
    State& state;
    ~Leave() {
      std::lock_guard lock(state.mutex);
      if (--state.running == 0) state.idle.notify_all();
    }
  };

  std::shared_ptr<State> state_ = std::make_shared<State>();
};

}  // namespace server
