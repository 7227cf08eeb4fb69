// What an operator's kernels receive: the validated problem, its tiling and the GM tensors of the launch.
#pragma once

#include "npu/global_memory.h"

namespace pcemu {

template <typename Codec, typename Problem, typename Tiling>
struct PoolKernelArgs {
  using T = typename Codec::T;
  const Problem* pr = nullptr;
  const Tiling* t = nullptr;
  GmTensor<T> grad;     // gradOutput, as staged for the path
  GmTensor<T> out;      // the output, as staged for the path
  GmTensor<float> acc;  // fp32 accumulation target: the workspace, or `out` itself for fp32
};

}  // namespace pcemu
