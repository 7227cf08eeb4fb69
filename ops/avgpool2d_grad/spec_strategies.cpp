// The tiling strategies of the operator's kernels, with every key each reports.
#include "spec/spec.h"

namespace poolcheck::spec::avgpool2d_grad {

std::vector<StrategyNote> strategies() {
  return {
      {Strategy::Global,
       {8000, 8001, 8002},
       "The kernel covers the whole input and the output is 1x1 (no divisorOverride, H and W >= 10): one "
       "division per plane, written to the window's real elements (padding honoured). +1 when computed in "
       "FP16, +2 in HF32."},
      {Strategy::Cube,
       {7000, 7001, 7002},
       "A depthwise transposed convolution on the cube unit (countIncludePad, no ceil mode, |divisor| <= 255, "
       "kernel <= 255 with kH*kW <= 255 or both <= 20, not a long strip, C < 65536): operands in FP32 (7000), "
       "FP16 (7001) or HF32 (7002) as cubeMathType says, fp32 accumulation, no atomics."},
      {Strategy::Vector,
       {1000, 2000},
       "Everything else: N*C merged into a channels-last axis tiled by the UB as ops-nn's AvgPool3DGrad does "
       "(20 KiB kept aside, the rest split 2 ways for fp32, 3 for fp16/bf16 with overlap, 4 without: channel "
       "chunks, rows per pass), at most one core per gradient position (its channel chunks share it), "
       "gradients scaled by 1/divisor in fp32 and added to their windows, atomically when windows overlap, "
       "through an fp32 workspace and a cast pass for fp16/bf16 (1000) or directly for fp32 (2000); one "
       "core in deterministic mode when windows overlap."},
  };
}

}  // namespace poolcheck::spec::avgpool2d_grad
