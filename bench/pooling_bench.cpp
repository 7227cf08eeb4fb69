// The three operators through the public C API (emulated NPU, UB/bounds/race checks on) against their
// scalar oracles, on the shape set of bench_cases.cpp. Reports GB/s (bytes a backward pass must move).
// Stated targets, not asserted: impl >= 1x the oracle's throughput on every shape; the performance issue
// adds the CPU peers and a copy-bandwidth baseline.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "acl/acl.h"
#include "bench/bench_cases.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"

namespace {

using poolcheck::Case;

// Only the two aclnn phases, on tensors already on the device.
void impl_only(benchmark::State& state, const Case& c) {
  poolcheck::ensure_runtime();
  const auto* op = poolcheck::find_adapter(c.op);
  const auto inputs = op->make_inputs(c);
  std::map<std::string, std::unique_ptr<poolcheck::DeviceTensor>> dev;
  poolcheck::ApiHandles h;
  for (const auto& [name, arg] : c.tensors) {
    const auto it = inputs.find(name);
    dev[name] = std::make_unique<poolcheck::DeviceTensor>(arg, it == inputs.end() ? nullptr : &it->second, 0);
    h.tensors[name] = dev[name]->handle();
  }
  std::vector<aclIntArray*> arrays;
  for (const auto& [name, arr] : c.arrays)
    arrays.push_back(h.arrays[name] = aclCreateIntArray(arr.values.data(), arr.values.size()));
  for (auto _ : state)
    if (op->call(c, h, nullptr).status != 0) state.SkipWithError("aclnn call failed");
  for (auto* a : arrays) aclDestroyIntArray(a);
  state.SetBytesProcessed(state.iterations() * poolcheck::bench::bytes_moved(c));
}

void oracle_only(benchmark::State& state, const Case& c) {
  const auto* op = poolcheck::find_adapter(c.op);
  const auto inputs = op->make_inputs(c);
  for (auto _ : state) benchmark::DoNotOptimize(op->oracle(c, inputs));
  state.SetBytesProcessed(state.iterations() * poolcheck::bench::bytes_moved(c));
}

// The whole verified case: data generation, copies, impl, read-back and oracle comparison.
void verified_case(benchmark::State& state, const Case& c) {
  for (auto _ : state) {
    const auto r = poolcheck::run_case(c);
    if (r.outcome != poolcheck::Outcome::Pass) state.SkipWithError(r.message.c_str());
  }
  state.SetBytesProcessed(state.iterations() * poolcheck::bench::bytes_moved(c));
}

const bool registered = [] {
  for (const auto& b : poolcheck::bench::bench_cases()) {
    benchmark::RegisterBenchmark(("impl/" + b.name).c_str(), impl_only, b.c)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("oracle/" + b.name).c_str(), oracle_only, b.c)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("verified/" + b.name).c_str(), verified_case, b.c)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
