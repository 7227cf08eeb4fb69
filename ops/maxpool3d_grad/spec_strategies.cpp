// The tiling strategies of the operator's kernels, with every key each reports.
#include "spec/spec.h"

namespace poolcheck::spec::maxpool3d_grad {

std::vector<StrategyNote> strategies() {
  return {
      {"Normal",
       {0, 100},
       "A tile of NC lanes with whole output windows fits in the unified buffer; gradients are scattered "
       "into a UB copy of the input region and overlap between windows is resolved there. Key 100 adds GM "
       "atomic adds because an overlapping axis is cut across cores or UB tiles."},
      {"CutK",
       {51, 61, 71, 151, 161, 171},
       "Even one output position's window does not fit in the UB, so the kernel window is cut along KD (51), "
       "KH (61) or KW (71) and the chunks are processed one after another; +100 when neighbouring windows "
       "overlap and chunks are accumulated with GM atomics."},
      {"Scatter",
       {2, 102},
       "The scalar fallback: each core owns a contiguous NC range and stores every gradient at the input "
       "position its index names (key 2); with overlapping windows it reads, adds and writes back in GM, "
       "through an fp32 workspace for fp16/bf16 (key 102)."},
  };
}

}  // namespace poolcheck::spec::maxpool3d_grad
