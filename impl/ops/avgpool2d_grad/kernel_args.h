// What the AvgPool2dBackward kernels receive.
#pragma once

#include <algorithm>

#include "common/half.h"
#include "common/half_rows.h"
#include "npu/block_context.h"
#include "ops/avgpool2d_grad/problem.h"
#include "ops/avgpool2d_grad/tiling.h"
#include "ops/common/kernel_args.h"
#include "ops/common/phases.h"

namespace pcemu::avgpool {

// grad: channels-last (Ho, Wo, NC) on the channels-last Vector path, (NC, Ho, Wo) on Cube/Global; out likewise over
// (H, W); acc: the fp32 accumulation target of the Vector path with atomics.
template <typename Codec>
using KernelArgs = PoolKernelArgs<Codec, Problem, Tiling>;

template <typename Codec>
void vector_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void cube_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void global_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
// AvgPool3DGrad's NCDHW templates (aclnnAvgPool3dBackward only): grad (NC, Do, Ho, Wo), out (NC, D, H, W).
template <typename Codec>
void only_t_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void block_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);

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

// to_compute over a row, with the precision chosen once (so each loop vectorises).
inline void to_compute_row(Compute c, float* x, int64_t n) {
  switch (c) {
    case Compute::Fp16:
      round_floats_to_half(x, n);
      return;
    case Compute::Hf32:
      for (int64_t i = 0; i < n; ++i) x[i] = round_to_hf32(x[i]);
      return;
    default:
      return;
  }
}

}  // namespace pcemu::avgpool
