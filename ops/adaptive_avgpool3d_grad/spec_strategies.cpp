// The tiling strategies of the operator's kernels, with every key each reports.
#include "spec/spec.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

std::vector<StrategyNote> strategies() {
  return {
      {Strategy::AllOne,
       {900, 910, 920},
       "The output is 1x1x1: a fill of 1/(D*H*W) rounded to the tensor dtype times the gradient, computed in "
       "the dtype and broadcast over the plane (900 fp32, 910 fp16, 920 bf16)."},
      {Strategy::General,
       {0, 1, 10, 11, 20, 21},
       "gradOutput transposed to (Do, Ho, Wo, N*C); tasks are output positions (small N*C, several per UB pass, "
       "no more than a core's tasks) or position x N*C-slice pairs (large N*C, +1), N*C being large when its "
       "aligned rows need the UB less 6 KiB at 8 bytes a channel (fp32) or 12 (fp16/bf16), as ops-nn budgets "
       "them; each scaled row is added to its window, atomically when the sizes do not divide, through an fp32 "
       "workspace for fp16/bf16 (keys 0/10/20 by dtype)."},
  };
}

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
