#include "bench/copy_baseline.h"

#include <benchmark/benchmark.h>

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
  for (auto _ : state) {
    std::vector<std::jthread> workers;
    for (size_t t = 1; t < threads; ++t) workers.emplace_back(part, t);
    part(0);
    workers.clear();
    benchmark::DoNotOptimize(dst.data());
  }
  state.SetBytesProcessed(state.iterations() * bytes_moved);
}

}  // namespace poolcheck::bench
