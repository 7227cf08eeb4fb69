// The three operators through the public C API (emulated NPU, UB/bounds/race checks on) against their
// scalar oracles and a whole verified case, on the shape set of bench_cases.cpp. Reports GB/s (bytes a
// backward pass must move). The per-operator binaries (op_bench.cpp) compare with the CPU peers.
#include <benchmark/benchmark.h>

#include "bench/bench_cases.h"
#include "bench/bench_env.h"
#include "bench/impl_kernel.h"
#include "harness/runner.h"

namespace {

using poolcheck::bench::BenchCase;

void impl_only(benchmark::State& state, const BenchCase& b) {
  poolcheck::bench::ImplKernel k(b.c, poolcheck::bench::cached_inputs(b.c, b.name()));
  for (auto _ : state)
    if (k.run().status != 0) state.SkipWithError("aclnn call failed");
  state.SetBytesProcessed(state.iterations() * poolcheck::bench::bytes_moved(b.c));
}

void oracle_only(benchmark::State& state, const BenchCase& b) {
  const auto* op = poolcheck::find_adapter(b.c.op);
  const auto& inputs = poolcheck::bench::cached_inputs(b.c, b.name());
  for (auto _ : state) benchmark::DoNotOptimize(op->oracle(b.c, inputs));
  state.SetBytesProcessed(state.iterations() * poolcheck::bench::bytes_moved(b.c));
}

// The whole verified case: data generation, copies, impl, read-back and oracle comparison.
void verified_case(benchmark::State& state, const BenchCase& b) {
  for (auto _ : state) {
    const auto r = poolcheck::run_case(b.c);
    if (r.outcome != poolcheck::Outcome::Pass) state.SkipWithError(r.message.c_str());
  }
  state.SetBytesProcessed(state.iterations() * poolcheck::bench::bytes_moved(b.c));
}

}  // namespace

int main(int argc, char** argv) {
  poolcheck::bench::setup_bench_env();
  for (const auto& b : poolcheck::bench::bench_cases()) {
    benchmark::RegisterBenchmark(("impl/" + b.name()).c_str(), impl_only, b)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("oracle/" + b.name()).c_str(), oracle_only, b)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("verified/" + b.name()).c_str(), verified_case, b)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
