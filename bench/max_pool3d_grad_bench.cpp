// aclnnMaxPool3dWithArgmaxBackward through the public C API (emulated NPU, all checks on) against the scalar
// oracle, on a realistic 3-D CNN layer. Reports GB/s (gradOutput + indices read, gradInput written) and,
// per iteration, the ratio to the oracle measured in the same run.
// Target (stated, not asserted): impl >= 10x the oracle's throughput; memory: workspace <= 4 bytes per
// gradInput element (only fp16/bf16 with atomics need the fp32 workspace).
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "acl/acl.h"
#include "harness/case.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "oracle/max_pool3d.h"
#include "spec/max_pool3d_grad_spec.h"

namespace {

using poolcheck::Case;

Case layer_case(poolcheck::DType dt) {
  poolcheck::spec::MaxPoolCaseParams p;
  p.dtype = dt;
  p.n = 2;
  p.c = 64;
  p.in_dims = {16, 56, 56};
  p.kernel = {3};
  p.stride = {2};
  p.padding = {1};
  Case c = poolcheck::spec::make_max_pool3d_grad_case(p);
  c.fill = "normal";
  return c;
}

int64_t bytes_moved(const Case& c) {
  const auto& go = c.tensor("gradOutput")->shape;
  const auto& gi = c.tensor("gradInput")->shape;
  const int64_t esize = poolcheck::dtype_size(c.tensor("self")->dtype);
  return *poolcheck::element_count(go) * (esize + 4) + *poolcheck::element_count(gi) * esize;
}

// Only the two aclnn phases (validation, tiling, index check, kernels), on tensors already on the device.
void BM_ImplEmulatedNpu(benchmark::State& state) {
  const Case c = layer_case(static_cast<poolcheck::DType>(state.range(0)));
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
  for (auto _ : state) {
    const auto out = op->call(c, h, nullptr);
    if (out.status != 0) state.SkipWithError("aclnn call failed");
  }
  for (auto* a : arrays) aclDestroyIntArray(a);
  state.SetBytesProcessed(state.iterations() * bytes_moved(c));
  state.SetLabel("aclnn two-phase call, emulated NPU with UB/bounds/race checks on");
}

// The whole verified case: data generation, copies, impl, read-back and oracle comparison.
void BM_VerifiedCase(benchmark::State& state) {
  const Case c = layer_case(static_cast<poolcheck::DType>(state.range(0)));
  for (auto _ : state) {
    const auto r = poolcheck::run_case(c);
    if (r.outcome != poolcheck::Outcome::Pass) state.SkipWithError(r.message.c_str());
  }
  state.SetBytesProcessed(state.iterations() * bytes_moved(c));
}

void BM_OracleOnly(benchmark::State& state) {
  const Case c = layer_case(static_cast<poolcheck::DType>(state.range(0)));
  const auto* op = poolcheck::find_adapter(c.op);
  const auto inputs = op->make_inputs(c);
  for (auto _ : state) benchmark::DoNotOptimize(op->oracle(c, inputs));
  state.SetBytesProcessed(state.iterations() * bytes_moved(c));
  state.SetLabel("scalar double-precision scatter-add oracle");
}

}  // namespace

BENCHMARK(BM_ImplEmulatedNpu)
    ->UseRealTime()
    ->Arg(static_cast<int>(poolcheck::DType::F32))
    ->Arg(static_cast<int>(poolcheck::DType::F16))
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VerifiedCase)->UseRealTime()->Arg(static_cast<int>(poolcheck::DType::F32))->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OracleOnly)->UseRealTime()->Arg(static_cast<int>(poolcheck::DType::F32))->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
