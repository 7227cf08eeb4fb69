// A worker the machine has no CPU for is delayed, not hung. The tests starve one: the pool's thread, the worker it
// starts and a busy thread share one CPU, the worker at nice 19, so a request needing 20 ms of CPU takes far longer
// than its 0.5 s limit in wall time. The time the worker waited for the CPU is left out of the limit, so the
// request is answered (Ok) where a pool counting wall time alone kills it (TimedOut, from its deadline check). A
// hang starved the same way still times out: the wait is credited, the hang's own time is not.
#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <stdexcept>
#include <thread>

#include "isolation/worker_pool.h"

#ifndef ISOLATION_TEST_WORKER
#error "ISOLATION_TEST_WORKER must be the path of the isolation_test_worker executable"
#endif

namespace {

using namespace poolcheck::isolation;

constexpr double kLimit = 0.5;

// Pins the calling thread, and so the workers it starts, to one CPU it may use, and keeps that CPU busy with a
// spinning thread until destroyed.
class OneBusyCpu {
 public:
  OneBusyCpu() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (pthread_getaffinity_np(pthread_self(), sizeof saved_, &saved_) != 0) return;
    allowed = saved_;
    int cpu = 0;
    while (cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &allowed)) ++cpu;
    if (cpu == CPU_SETSIZE) return;
    CPU_ZERO(&only_);
    CPU_SET(cpu, &only_);
    if (pthread_setaffinity_np(pthread_self(), sizeof only_, &only_) != 0) return;
    spinner_ = std::thread([this] {
      pthread_setaffinity_np(pthread_self(), sizeof only_, &only_);
      while (!stop_.load(std::memory_order_relaxed)) {
      }
    });
    pinned_ = true;
  }
  ~OneBusyCpu() {
    stop_ = true;
    if (spinner_.joinable()) spinner_.join();
    if (pinned_) pthread_setaffinity_np(pthread_self(), sizeof saved_, &saved_);
  }
  bool pinned() const { return pinned_; }

 private:
  cpu_set_t saved_{}, only_{};
  std::atomic<bool> stop_{false};
  std::thread spinner_;
  bool pinned_ = false;
};

// `command` run by a worker at nice 19 sharing its one CPU with a spinning thread of this process.
Completion run_starved(const char* command) {
  OneBusyCpu busy;
  if (!busy.pinned()) throw std::runtime_error("cannot pin this thread to one CPU");
  PoolOptions options;
  options.workers = 1;
  options.startup_timeout = 30;
  WorkerPool pool({ISOLATION_TEST_WORKER, {}, {{"ISOLATION_TEST_NICE", "19"}}}, options);
  pool.submit(command, kLimit);
  return pool.wait();
}

TEST(IsolationStarved, TimeWaitingForACpuDoesNotCountAgainstTheLimit) {
  const Completion done = run_starved("spin:20");
  // Expected: Ok. Counting wall time alone, the deadline check kills the worker and reports TimedOut.
  EXPECT_EQ(done.kind, CompletionKind::Ok) << done.describe();
  EXPECT_EQ(done.response, "spun");
  // The premise: the request took longer than its limit, so only the credited wait let it finish.
  EXPECT_GT(done.seconds, kLimit) << "the worker was not starved, so this test proves nothing";
}

TEST(IsolationStarved, AStarvedHangStillTimesOut) {
  const Completion done = run_starved("hang");
  // Expected: TimedOut. A pool crediting the hang's sleep as waiting would never end it (the test's own time
  // limit would).
  EXPECT_EQ(done.kind, CompletionKind::TimedOut) << done.describe();
}

}  // namespace
