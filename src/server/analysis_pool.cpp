#include "server/analysis_pool.h"

#include <algorithm>

namespace server {

AnalysisPool::AnalysisPool(Options options) : options_(options) {
  for (int i = 0; i < std::max(1, options_.threads); ++i) workers_.emplace_back([this] { work(); });
}

AnalysisPool::~AnalysisPool() {
  std::vector<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& [key, client] : clients_)
      for (Job& job : client.waiting) dropped.push_back(std::move(job));
    clients_.clear();
    turns_.clear();
    waiting_ = 0;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
  for (Job& job : dropped)
    if (job.refuse) job.refuse(Refusal::Stopping, std::chrono::seconds(1));
}

std::chrono::seconds AnalysisPool::wait_for(std::size_t ahead) const {
  const auto threads = std::size_t(std::max(1, options_.threads));
  const auto ms = options_.job_time.count() * std::int64_t((ahead + threads) / threads);
  return std::chrono::seconds(std::clamp<std::int64_t>((ms + 999) / 1000, 1, 3600));
}

std::pair<const std::string, AnalysisPool::Client>* AnalysisPool::heaviest() {
  std::pair<const std::string, Client>* most = nullptr;
  for (auto& entry : clients_)
    if (!most || entry.second.waiting.size() > most->second.waiting.size()) most = &entry;
  return most;
}

AnalysisPool::Admission AnalysisPool::submit(const std::string& client, Job job) {
  Job displaced;
  Admission admitted;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return {false, Refusal::Stopping, std::chrono::seconds(1)};
    Client& mine = clients_[client];
    const std::size_t own = mine.waiting.size() + mine.running;
    if (own >= options_.per_client) return {false, Refusal::ClientFull, wait_for(own)};
    if (waiting_ >= options_.queue_max) {
      auto* most = heaviest();
      if (!most || most->second.waiting.size() <= mine.waiting.size() + 1) {
        const Admission full{false, Refusal::PoolFull, wait_for(waiting_)};
        if (own == 0) clients_.erase(client);
        return full;
      }
      displaced = std::move(most->second.waiting.back());
      most->second.waiting.pop_back();
      --waiting_;
    }
    if (mine.waiting.empty()) turns_.push_back(client);
    mine.waiting.push_back(std::move(job));
    ++waiting_;
    admitted.retry_after = wait_for(waiting_);
  }
  wake_.notify_one();
  if (displaced.refuse) displaced.refuse(Refusal::Displaced, admitted.retry_after);
  return admitted;
}

std::size_t AnalysisPool::waiting() const {
  std::lock_guard lock(mutex_);
  return waiting_;
}

void AnalysisPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !turns_.empty(); });
    if (stopping_) return;
    const std::string key = std::move(turns_.front());
    turns_.pop_front();
    Client& client = clients_[key];
    Job job = std::move(client.waiting.front());
    client.waiting.pop_front();
    --waiting_;
    ++client.running;
    // Its next request, if any, waits for every other client's turn.
    if (!client.waiting.empty()) turns_.push_back(key);
    lock.unlock();
    job.run();
    job = {};
    lock.lock();
    if (stopping_) return;
    Client& after = clients_[key];
    if (--after.running == 0 && after.waiting.empty()) clients_.erase(key);
  }
}

}  // namespace server
