// Analysis on threads of its own, apart from the bots' pool: a bot never
// waits behind an analysis, whatever their number, and analysis never takes
// more than its `threads`. Requests queue per client (its address key) and
// the threads serve the clients in turn, one request each, so one client's
// flood delays that client alone. Bounds: a client may have `per_client`
// requests queued or running (past that: ClientFull, HTTP 429), and
// `queue_max` requests wait in all (past that: PoolFull, 503); when the
// queue is full, a client with fewer waiting takes the place of the newest
// request of the client with most, which is refused, so that many clients
// share the queue evenly. Every refusal carries a time to come back.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace server {

class AnalysisPool {
 public:
  struct Options {
    int threads = 1;
    std::size_t per_client = 4;
    std::size_t queue_max = 32;
    // About how long one analysis runs: the basis of the retry times.
    std::chrono::milliseconds job_time{1000};
  };

  enum class Refusal { ClientFull, PoolFull, Displaced, Stopping };

  // `run` does the work on a pool thread. `refuse` answers a request that
  // was queued but will not run (displaced, or the pool stopping); it runs
  // on whichever thread decided that, outside the pool's lock.
  struct Job {
    std::function<void()> run;
    std::function<void(Refusal, std::chrono::seconds retry_after)> refuse;
  };

  struct Admission {
    bool queued = true;
    Refusal refusal = Refusal::PoolFull;
    std::chrono::seconds retry_after{0};
    explicit operator bool() const { return queued; }
  };

  explicit AnalysisPool(Options options);
  // Refuses what still waits (Stopping) and joins the threads.
  ~AnalysisPool();
  AnalysisPool(const AnalysisPool&) = delete;
  AnalysisPool& operator=(const AnalysisPool&) = delete;

  // Queues `job` for `client`, or says why not; a refused job is not run
  // and its `refuse` is not called (the caller answers from the admission).
  Admission submit(const std::string& client, Job job);

  std::size_t waiting() const;
  const Options& options() const { return options_; }

 private:
  struct Client {
    std::deque<Job> waiting;
    std::size_t running = 0;
  };

  void work();
  // Expects mutex_ held. The time a request queued behind `ahead` others waits.
  std::chrono::seconds wait_for(std::size_t ahead) const;
  // Expects mutex_ held: the client with most waiting, or nullptr.
  std::pair<const std::string, Client>* heaviest();

  const Options options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::unordered_map<std::string, Client> clients_;
  // Clients with a request waiting, in the order they are served.
  std::deque<std::string> turns_;
  std::size_t waiting_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace server
