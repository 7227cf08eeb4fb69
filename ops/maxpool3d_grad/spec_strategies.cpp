// The tiling strategies of the operator's kernels, with every key each reports.
#include "spec/spec.h"

namespace poolcheck::spec::maxpool3d_grad {

std::vector<StrategyNote> strategies() {
  return {
      {"Normal",
       {0, 100},
       "64 NC lanes (fewer, down to 16, for small N*C or a plane too big for 64) with an output tile and its "
       "window region in the unified buffer; gradients are added into a UB copy of the region. Key 0 when "
       "windows do not overlap or the whole output plane fits one tile (overlap resolved in UB); key 100 when "
       "an overlapping problem is cut over cores or UB tiles and regions are added into GM atomically."},
      {"CutK",
       {31},
       "Only for the one geometry upstream whitelists (output 1x6x8, kernel 5x1x6, stride 8x13x18, N*C <= "
       "3072): 64 lanes of output tiles whose region is walked one input D row at a time (UB cut along Do, KD "
       "and Ho, key 1 + 30). The whitelisted windows never overlap, so the +100 variants are unreachable."},
      {"Scatter",
       {2, 102},
       "The fallback when Normal's smallest tile does not fit (or dilation is not 1): each core owns a "
       "contiguous range of NC blocks and stores every gradient at the input position its index names (key "
       "2); with overlapping windows it reads, adds and writes back in GM, through an fp32 workspace for "
       "fp16/bf16 (key 102)."},
  };
}

}  // namespace poolcheck::spec::maxpool3d_grad
