#include "bench/copy_baseline.h"

#include <benchmark/benchmark.h>

#include <atomic>
#include <barrier>
#include <cstring>
#include <thread>
#include <vector>

#include "bench/bench_env.h"

namespace poolcheck::bench {

void copy_baseline(benchmark::State& state, int64_t bytes_moved) {
  const size_t half = static_cast<size_t>(bytes_moved / 2);
  std::vector<unsigned char> src(half, 1), dst(half, 0);
  const size_t threads = static_cast<size_t>(bench_threads());
  const size_t slice = (half + threads - 1) / threads;
  auto part = [&](size_t t) {
    const size_t b = std::min(half, t * slice), e = std::min(half, b + slice);
    std::memcpy(dst.data() + b, src.data() + b, e - b);
  };
  // The helpers start once and meet the caller at a barrier per iteration, as the peers' thread pools do:
  // a thread start per iteration (about 30 us on the 2-vCPU VM) would count against the copy and flatter
  // every ratio to it, most on the small shapes.
  std::atomic<bool> stop{false};
  std::barrier start(static_cast<std::ptrdiff_t>(threads)), done(static_cast<std::ptrdiff_t>(threads));
  std::vector<std::jthread> workers;
  for (size_t t = 1; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (;;) {
        start.arrive_and_wait();
        if (stop.load()) return;
        part(t);
        done.arrive_and_wait();
      }
    });
  for (auto _ : state) {
    start.arrive_and_wait();
    part(0);
    done.arrive_and_wait();
    benchmark::DoNotOptimize(dst.data());
  }
  stop.store(true);
  start.arrive_and_wait();
  workers.clear();
  state.SetBytesProcessed(state.iterations() * bytes_moved);
}

}  // namespace poolcheck::bench
