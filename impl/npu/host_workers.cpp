#include "npu/host_workers.h"

#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace pcemu {

namespace {

class HostWorkers {
 public:
  ~HostWorkers() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    start_.notify_all();
    for (auto& t : threads_) t.join();
  }

  void run(int32_t shares, const std::function<void(int32_t)>& share) {
    std::unique_lock job_lock(job_mu_, std::try_to_lock);
    if (!job_lock.owns_lock() || shares < 2) {
      for (int32_t i = 0; i < shares; ++i) share(i);
      return;
    }
    std::unique_lock lock(mu_);
    while (static_cast<int32_t>(threads_.size()) < shares - 1) threads_.emplace_back([this] { helper_loop(); });
    job_ = &share;
    next_ = 0;
    count_ = shares;
    unfinished_ = shares;
    start_.notify_all();
    take_shares(lock);  // the caller works too, so no share waits for a helper to wake up
    done_.wait(lock, [&] { return unfinished_ == 0; });
    job_ = nullptr;
  }

 private:
  // Runs shares of the current job until none is left to take (mu_ held around, released while working).
  void take_shares(std::unique_lock<std::mutex>& lock) {
    while (job_ != nullptr && next_ < count_) {
      const int32_t i = next_++;
      const auto* job = job_;
      lock.unlock();
      (*job)(i);
      lock.lock();
      if (--unfinished_ == 0) done_.notify_all();
    }
  }

  void helper_loop() {
    std::unique_lock lock(mu_);
    for (;;) {
      start_.wait(lock, [&] { return stop_ || (job_ != nullptr && next_ < count_); });
      if (stop_) return;
      take_shares(lock);
    }
  }

  std::mutex job_mu_;  // one job at a time
  std::mutex mu_;      // everything below
  std::condition_variable start_, done_;
  const std::function<void(int32_t)>* job_ = nullptr;
  int32_t next_ = 0, count_ = 0, unfinished_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace

void run_host_shares(int32_t shares, const std::function<void(int32_t)>& share) {
  static HostWorkers workers;
  workers.run(shares, share);
}

}  // namespace pcemu
