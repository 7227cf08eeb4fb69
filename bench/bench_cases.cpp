#include "bench/bench_cases.h"

#include "spec/adaptive_avg_pool3d_grad_spec.h"
#include "spec/avg_pool2d_grad_spec.h"
#include "spec/max_pool3d_grad_spec.h"

namespace poolcheck::bench {

namespace {

Case maxpool(DType dt) {  // a 3-D CNN layer: N=2, C=64, 16x56x56, k3 s2 p1 (overlapping windows)
  spec::MaxPoolCaseParams p;
  p.dtype = dt;
  p.n = 2;
  p.c = 64;
  p.in_dims = {16, 56, 56};
  p.kernel = {3};
  p.stride = {2};
  p.padding = {1};
  return spec::make_max_pool3d_grad_case(p);
}

Case avgpool(DType dt, bool global) {  // a 2-D CNN layer: N=8, C=64, 56x56 k3 s2 p1; or a 14x14 global pool
  spec::AvgPoolCaseParams p;
  p.dtype = dt;
  p.n = 8;
  p.c = global ? 256 : 64;
  p.in_dims = global ? std::array<int64_t, 2>{14, 14} : std::array<int64_t, 2>{56, 56};
  p.kernel = global ? std::vector<int64_t>{14} : std::vector<int64_t>{3};
  p.stride = global ? std::vector<int64_t>{14} : std::vector<int64_t>{2};
  p.padding = global ? std::vector<int64_t>{0} : std::vector<int64_t>{1};
  p.count_include_pad = !global;
  return spec::make_avg_pool2d_grad_case(p);
}

Case adaptive(DType dt) {  // a 3-D CNN head: N=2, C=64, 16x28x28 -> 4x7x7 (divisible)
  spec::AdaptivePoolCaseParams p;
  p.dtype = dt;
  p.n = 2;
  p.c = 64;
  p.in_dims = {16, 28, 28};
  p.out_dims = {4, 7, 7};
  return spec::make_adaptive_avg_pool3d_grad_case(p);
}

}  // namespace

std::vector<BenchCase> bench_cases() {
  return {{"maxpool3d_grad/2x64x16x56x56_k3s2p1/f32", maxpool(DType::F32)},
          {"maxpool3d_grad/2x64x16x56x56_k3s2p1/f16", maxpool(DType::F16)},
          {"avgpool2d_grad/8x64x56x56_k3s2p1/f32", avgpool(DType::F32, false)},
          {"avgpool2d_grad/8x64x56x56_k3s2p1/bf16", avgpool(DType::BF16, false)},
          {"avgpool2d_grad/8x256x14x14_global/f32", avgpool(DType::F32, true)},
          {"adaptive_avgpool3d_grad/2x64x16x28x28_to_4x7x7/f32", adaptive(DType::F32)},
          {"adaptive_avgpool3d_grad/2x64x16x28x28_to_4x7x7/f16", adaptive(DType::F16)}};
}

int64_t bytes_moved(const Case& c) {
  int64_t bytes = 0;
  for (const auto& [name, t] : c.tensors)
    if (name != "self") bytes += element_count(t.shape).value_or(0) * dtype_size(t.dtype);
  return bytes;
}

}  // namespace poolcheck::bench
