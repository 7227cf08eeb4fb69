// What the MaxPool3DGradWithArgmax kernels receive: the tiling and the GM tensors (all dense NCDHW).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "npu/block_context.h"
#include "ops/common/kernel_args.h"
#include "ops/common/phases.h"
#include "ops/maxpool3d_grad/problem.h"
#include "ops/maxpool3d_grad/tiling.h"

namespace pcemu::maxpool {

// grad: gradOutput, NC x Do x Ho x Wo; out: gradInput, NC x Di x Hi x Wi; plus the indices.
template <typename Codec>
struct KernelArgs : PoolKernelArgs<Codec, Problem, Tiling> {
  GmTensor<int32_t> idx;  // indices, the shape of gradOutput
};

// Phase kernels shared by the three strategies.
template <typename Codec>
void normal_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void cutk_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
template <typename Codec>
void scatter_kernel(BlockContext& ctx, const KernelArgs<Codec>& a);
void index_check_kernel(BlockContext& ctx, const Problem& pr, const GmTensor<int32_t>& idx);
// Decodes block b of a lane tiling into its NC range and output box (W fastest).
void block_box(const Problem& pr, const Tiling& t, int64_t b, int64_t* nc0, int64_t* lanes, std::array<int64_t, 3>* o0,
               std::array<int64_t, 3>* o1);

}  // namespace pcemu::maxpool
