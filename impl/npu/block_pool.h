// One OS thread per block, for the sanitizer builds (ASan and TSan do not follow the fibers' user-space
// context switches): persistent workers, worker i runs block i of each launch, launches are serialised.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <semaphore>
#include <thread>
#include <vector>

namespace pcemu {

class BlockPool {
 public:
  static BlockPool& instance() {
    static BlockPool pool;
    return pool;
  }

  void run(int32_t block_dim, const std::function<void(int32_t)>& job) {
    std::lock_guard launch_lock(launch_mu_);
    ensure(block_dim - 1);
    {
      std::lock_guard lock(mu_);
      job_ = &job;
      remaining_ = block_dim - 1;
    }
    for (int32_t i = 1; i < block_dim; ++i) workers_[static_cast<size_t>(i - 1)]->go.release();
    job(0);  // block 0 runs on the calling thread
    std::unique_lock lock(mu_);
    done_.wait(lock, [&] { return remaining_ == 0; });
  }

  ~BlockPool() {
    for (auto& w : workers_) {
      w->stop = true;
      w->go.release();
    }
    for (auto& w : workers_) w->thread.join();
  }

 private:
  struct Worker {
    std::binary_semaphore go{0};
    bool stop = false;
    std::thread thread;
  };

  void ensure(int32_t n) {
    while (static_cast<int32_t>(workers_.size()) < n) {
      auto w = std::make_unique<Worker>();
      const int32_t block = static_cast<int32_t>(workers_.size()) + 1;
      Worker* raw = w.get();
      w->thread = std::thread([this, raw, block] { loop(*raw, block); });
      workers_.push_back(std::move(w));
    }
  }

  void loop(Worker& w, int32_t block) {
    for (;;) {
      w.go.acquire();
      if (w.stop) return;
      (*job_)(block);
      std::lock_guard lock(mu_);
      if (--remaining_ == 0) done_.notify_one();
    }
  }

  std::mutex launch_mu_, mu_;
  std::condition_variable done_;
  const std::function<void(int32_t)>* job_ = nullptr;
  int32_t remaining_ = 0;
  std::vector<std::unique_ptr<Worker>> workers_;
};

}  // namespace pcemu
