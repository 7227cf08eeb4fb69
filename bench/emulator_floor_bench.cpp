// The emulator's floor against memcpy: the floor kernel (poolcheck_emu/floor.h), which only moves its traffic
// through UB with DataCopies (and widens and narrows fp16/bf16 once), beside the copy baseline of the same bytes,
// at traffic sizes spanning the operator rows'. Named like the operator rows ("impl|copy/emulator_floor/<size>/
// <dtype>", traffic_per_moved 1), so bench_ratios' traffic_ratio_vs_copy of a floor row is what a kernel whose
// traffic is all DataCopies reaches when its own work costs nothing (docs/performance.md). It measures the
// bundled emulator itself, so it calls the floor kernel directly (no weak symbol: no other library has one).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "bench/bench_env.h"
#include "bench/copy_baseline.h"
#include "poolcheck_emu/floor.h"

namespace {

constexpr int64_t kSizesMiB[] = {1, 4, 16, 64};

struct FloorDtype {
  const char* name;
  int32_t acl;
  int32_t bytes;
};
constexpr FloorDtype kDtypes[] = {{"f32", ACL_FLOAT, 4}, {"f16", ACL_FLOAT16, 2}, {"bf16", ACL_BF16, 2}};

void floor_row(benchmark::State& state, const FloorDtype& d, int64_t traffic_bytes) {
  const int64_t count = traffic_bytes / 2 / d.bytes;
  std::vector<unsigned char> in(static_cast<size_t>(count * d.bytes)), out(in.size());
  for (auto _ : state)
    if (pcEmuFloorKernel(in.data(), out.data(), count, d.acl) != 0) {
      state.SkipWithError("the floor kernel failed");
      return;
    }
  state.SetBytesProcessed(state.iterations() * traffic_bytes);
  state.counters["GB/s"] =
      benchmark::Counter(static_cast<double>(traffic_bytes) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["traffic_bytes"] = static_cast<double>(traffic_bytes);
  state.counters["traffic_per_moved"] = 1.0;
}

}  // namespace

int main(int argc, char** argv) {
  poolcheck::bench::setup_bench_env();
  for (const int64_t mib : kSizesMiB)
    for (const FloorDtype& d : kDtypes) {
      const int64_t bytes = mib << 20;
      const std::string key = "emulator_floor/" + std::to_string(mib) + "MiB/" + d.name;
      benchmark::RegisterBenchmark(("impl/" + key).c_str(), [&d, bytes](benchmark::State& s) {
        floor_row(s, d, bytes);
      })->UseRealTime();
      benchmark::RegisterBenchmark(("copy/" + key).c_str(), [bytes](benchmark::State& s) {
        poolcheck::bench::copy_baseline(s, bytes);
      })->UseRealTime();
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
