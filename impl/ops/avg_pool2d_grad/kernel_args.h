// What the AvgPool2dBackward kernels receive.
#pragma once

#include <algorithm>

#include "common/half.h"
#include "npu/block_context.h"
#include "ops/avg_pool2d_grad/problem.h"
#include "ops/avg_pool2d_grad/tiling.h"
#include "ops/common/phases.h"

namespace pcemu::avgpool {

template <typename Codec>
struct KernelArgs {
  using T = typename Codec::T;
  const Problem* pr = nullptr;
  const Tiling* t = nullptr;
  GmTensor<T> grad;     // Vector: channels-last (Ho, Wo, NC); Cube/Global: (NC, Ho, Wo)
  GmTensor<T> out;      // Vector: channels-last (H, W, NC);   Cube/Global: (NC, H, W)
  GmTensor<float> acc;  // Vector with atomics: the fp32 accumulation target
};

template <typename Codec>
void vector_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void cube_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void global_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);

// An operand converted to the compute precision (fp32 container).
inline float to_compute(Compute c, float x) {
  switch (c) {
    case Compute::Fp16:
      return half_to_float(float_to_half(x));
    case Compute::Hf32:
      return round_to_hf32(x);
    default:
      return x;
  }
}

}  // namespace pcemu::avgpool
