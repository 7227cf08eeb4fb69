// The emulator's host-side work splitting: split_over_host_threads covers [0, total) exactly once in
// aligned parts, run_host_shares runs every share exactly once on persistent helpers (really at the
// same time as the caller), and calls from several application threads at once all complete.
#include "npu/host_workers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "npu/launch.h"

namespace pcemu {
namespace {

using Splitter = std::function<void(int64_t, int64_t, int64_t, const std::function<void(int64_t, int64_t)>&)>;

// What is wrong with a split of [0, total): an item covered twice or never, or a part (but the last)
// that is not a multiple of `align`; empty if nothing.
std::string split_problem(const Splitter& split, int64_t total, int64_t shares, int64_t align) {
  std::vector<std::atomic<int>> seen(static_cast<size_t>(total));
  std::mutex mu;
  std::vector<std::pair<int64_t, int64_t>> parts;
  split(total, shares, align, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) seen[static_cast<size_t>(i)].fetch_add(1);
    std::lock_guard lock(mu);
    parts.emplace_back(begin, end);
  });
  for (int64_t i = 0; i < total; ++i)
    if (seen[static_cast<size_t>(i)].load() != 1)
      return "item " + std::to_string(i) + " covered " + std::to_string(seen[static_cast<size_t>(i)].load()) + "x";
  for (const auto& [begin, end] : parts)
    if (end < total && (end - begin) % align != 0)
      return "part [" + std::to_string(begin) + ", " + std::to_string(end) + ") is not a multiple of the alignment";
  return "";
}

TEST(HostWorkers, SplitCoversTheRangeOnceInAlignedParts) {
  for (const int32_t threads : {1, 2, 3})
    for (const int64_t total : {0, 1, 7, 64, 1000, 4097})
      for (const int64_t shares : {1, 2, 3, 8})
        for (const int64_t align : {1, 8, 64}) {
          set_host_threads(threads);
          EXPECT_EQ(split_problem(split_over_host_threads, total, shares, align), "")
              << "threads=" << threads << " total=" << total << " shares=" << shares << " align=" << align;
        }
  set_host_threads(0);
}

// Control: the same check rejects a split that drops the last item and one with unaligned parts.
TEST(HostWorkers, TheSplitCheckRejectsAWrongSplit) {
  const Splitter drops_last = [](int64_t total, int64_t, int64_t, const std::function<void(int64_t, int64_t)>& work) {
    work(0, total - 1);
  };
  const Splitter unaligned = [](int64_t total, int64_t, int64_t, const std::function<void(int64_t, int64_t)>& work) {
    work(0, 3);
    work(3, total);
  };
  EXPECT_NE(split_problem(drops_last, 100, 2, 1), "");
  EXPECT_NE(split_problem(unaligned, 100, 2, 8), "");
}

TEST(HostWorkers, EveryShareRunsOnceAndTheHelpersRunAlongsideTheCaller) {
  constexpr int32_t kShares = 2;
  std::atomic<int32_t> started{0};
  std::vector<int> runs(kShares, 0);
  bool met = true;
  // Each share waits (bounded) until both have started: that happens only if a helper runs one share
  // while the caller runs the other.
  run_host_shares(kShares, [&](int32_t i) {
    ++runs[static_cast<size_t>(i)];
    started.fetch_add(1);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (started.load() < kShares)
      if (std::chrono::steady_clock::now() > give_up) {
        met = false;
        return;
      }
  });
  EXPECT_TRUE(met) << "the shares did not run at the same time";
  EXPECT_EQ(runs, std::vector<int>(kShares, 1));
}

TEST(HostWorkers, CallsFromSeveralThreadsAtOnceAllComplete) {
  constexpr int32_t kCallers = 4, kCalls = 50, kShares = 3;
  std::atomic<int64_t> total{0};
  std::vector<std::thread> callers;
  for (int32_t c = 0; c < kCallers; ++c)
    callers.emplace_back([&] {
      for (int32_t k = 0; k < kCalls; ++k) run_host_shares(kShares, [&](int32_t i) { total.fetch_add(i + 1); });
    });
  for (auto& t : callers) t.join();
  EXPECT_EQ(total.load(), int64_t{kCallers} * kCalls * (1 + 2 + 3));
}

}  // namespace
}  // namespace pcemu
