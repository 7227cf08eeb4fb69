// What the AdaptiveAvgPool3dBackward kernels receive.
#pragma once

#include "npu/block_context.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/adaptive_avgpool3d_grad/tiling.h"
#include "ops/common/kernel_args.h"

namespace pcemu::adaptive {

// grad: channels-last (Do, Ho, Wo, NC) on the General path, (NC) on AllOne; out: channels-last
// (Di, Hi, Wi, NC) on General, (NC, Di, Hi, Wi) on AllOne; acc: General's fp32 target with atomics.
template <typename Codec>
using KernelArgs = PoolKernelArgs<Codec, Problem, Tiling>;

template <typename Codec>
void general_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void all_one_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);

}  // namespace pcemu::adaptive
