// One operator (POOLCHECK_BENCH_OP) on its shapes of the bench set: the implementation through the
// public C API on the emulated NPU (every check on; `impl_unchecked` without the data-watching checks), the
// memory-copy baseline, and the CPU peers that were built in, all on the same thread count. Names:
// "<impl|impl_unchecked|copy|torch|onednn>/<op>/<shape>/<dtype>";
// bytes_per_second counts the bytes a backward pass must move (bench_cases.h); the label says whether
// the shape is "large" (held to the copy-bandwidth target). bench_ratios turns the JSON into ratios.
#include <benchmark/benchmark.h>

#include "bench/bench_cases.h"
#include "bench/bench_env.h"
#include "bench/copy_baseline.h"
#include "bench/impl_kernel.h"
#include "bench/peer.h"
#include "poolcheck_emu/emu.h"

// Optional like in the harness: a real CANN library has no traffic tally and no check switch.
#pragma weak pcEmuLastLaunch
#pragma weak pcEmuSetChecks

#ifndef POOLCHECK_BENCH_OP
#error "POOLCHECK_BENCH_OP names the operator of this binary"
#endif

namespace {

using poolcheck::bench::BenchCase;

void finish(benchmark::State& state, const BenchCase& b) {
  const auto bytes = poolcheck::bench::bytes_moved(b.c);
  state.SetBytesProcessed(state.iterations() * bytes);
  state.counters["GB/s"] =
      benchmark::Counter(static_cast<double>(bytes) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(b.shape.large ? "large" : "small");
}

// The emulated tiling's own data movement per call (the last call's tally; every call of a case moves the
// same bytes): total device-memory traffic, its multiple of the bytes a backward pass must move, and the
// rate at which the emulator moved it. bench_ratios derives from it how much of the gap to the peers is
// the tiling's extra traffic and how much the emulator's speed.
void record_traffic(benchmark::State& state, const BenchCase& b) {
  pcEmuLaunchInfo info{};
  if (!pcEmuLastLaunch || pcEmuLastLaunch(&info) != 0) return;
  const double traffic =
      static_cast<double>(info.gmReadBytes + info.gmWriteBytes + 2 * info.gmAtomicBytes + info.stagingBytes);
  state.counters["traffic_bytes"] = traffic;
  state.counters["traffic_per_moved"] = traffic / static_cast<double>(poolcheck::bench::bytes_moved(b.c));
  state.counters["traffic_GB/s"] = benchmark::Counter(traffic * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["kernel_launches"] = info.kernelLaunches;
  state.counters["tiling_key"] = static_cast<double>(info.tilingKey);  // which path the row measured
}

// The impl with every check on; `impl_unchecked` measures the same call with the checks that watch the data
// (race shadow, NaN fill of fresh memory) off, to show what they cost (the targets use the checked row).
void impl(benchmark::State& state, const BenchCase& b, bool checked) {
  if (!checked && !pcEmuSetChecks) {
    state.SkipWithError("skipped: the backend has no pcEmuSetChecks");
    return;
  }
  poolcheck::bench::ImplKernel k(b.c, poolcheck::bench::cached_inputs(b.c, b.name()));
  uint64_t workspace = 0;
  if (!checked) pcEmuSetChecks(0);
  for (auto _ : state) {
    const auto out = k.run();
    if (out.status != 0) state.SkipWithError("aclnn call failed");
    workspace = out.workspace_bytes;
  }
  if (!checked) pcEmuSetChecks(1);
  finish(state, b);
  // The memory target: workspace against gradInput's size in fp32 (the output the call must produce).
  const auto fp32_out = static_cast<double>(poolcheck::bench::output_elements(b.c)) * 4.0;
  state.counters["workspace_bytes"] = static_cast<double>(workspace);
  state.counters["workspace_per_fp32_out"] = fp32_out > 0 ? static_cast<double>(workspace) / fp32_out : 0.0;
  record_traffic(state, b);
}

void copy(benchmark::State& state, const BenchCase& b) {
  poolcheck::bench::copy_baseline(state, poolcheck::bench::bytes_moved(b.c));
  finish(state, b);
}

void peer(benchmark::State& state, const poolcheck::bench::Peer& p, const BenchCase& b) {
  if (!p.absent.empty()) {
    state.SkipWithError(("skipped: " + p.absent).c_str());
    return;
  }
  const auto k = p.prepare(b, poolcheck::bench::cached_inputs(b.c, b.name()));
  if (!k.run) {
    state.SkipWithError(("skipped: " + k.skip).c_str());
    return;
  }
  for (auto _ : state) k.run();
  finish(state, b);
}

void add(const std::string& kind, const BenchCase& b, std::function<void(benchmark::State&)> fn) {
  benchmark::RegisterBenchmark((kind + "/" + b.name()).c_str(), [fn](benchmark::State& s) { fn(s); })
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  poolcheck::bench::setup_bench_env();
  for (const auto& b : poolcheck::bench::bench_cases(POOLCHECK_BENCH_OP)) {
    add("copy", b, [b](benchmark::State& s) { copy(s, b); });
    add("impl", b, [b](benchmark::State& s) { impl(s, b, true); });
    add("impl_unchecked", b, [b](benchmark::State& s) { impl(s, b, false); });
    add("torch", b, [b](benchmark::State& s) { peer(s, poolcheck::bench::torch_peer(), b); });
    add("onednn", b, [b](benchmark::State& s) { peer(s, poolcheck::bench::onednn_peer(), b); });
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
