// What the AdaptiveAvgPool3dBackward kernels receive.
#pragma once

#include "npu/block_context.h"
#include "ops/adaptive_avg_pool3d_grad/problem.h"
#include "ops/adaptive_avg_pool3d_grad/tiling.h"

namespace pcemu::adaptive {

template <typename Codec>
struct KernelArgs {
  using T = typename Codec::T;
  const Problem* pr = nullptr;
  const Tiling* t = nullptr;
  GmTensor<T> grad;     // General: channels-last (Do, Ho, Wo, NC); AllOne: (NC)
  GmTensor<T> out;      // General: channels-last (Di, Hi, Wi, NC); AllOne: (NC, Di, Hi, Wi)
  GmTensor<float> acc;  // General with atomics: the fp32 accumulation target
};

template <typename Codec>
void general_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void all_one_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);

}  // namespace pcemu::adaptive
