// The tiling strategies of the kernels upstream runs for aclnnAdaptiveAvgPool2dBackward, per route, with every key
// each reports.
#include "spec/spec.h"

namespace poolcheck::spec::adaptive_avgpool2d_grad {

std::vector<StrategyNote> strategies() {
  return {
      {Strategy::AllOne,
       {900, 910, 920},
       "gradOutput is 1x1, on every SoC: a fill of 1/(H*W) rounded to the tensor dtype times the gradient, computed "
       "in the dtype and broadcast over the plane (900 fp32, 910 fp16, 920 bf16)."},
      {Strategy::General,
       {0, 1, 10, 11, 20, 21},
       "Atlas A2/A3 otherwise: the 3-D family's General kernel with a depth of one (gradOutput transposed to "
       "(1, Ho, Wo, N*C)); keys as the family's (0/10/20 by dtype, +1 for N*C past the UB's threshold).",
       {"Ascend910B", "Ascend910_93"}},
      {Strategy::BigKernel,
       {18, 34},
       "Ascend950, windows of 256 elements or more with a wide W window: whole planes or H/W tiles per core "
       "(TEMPLATE_MODE 2; +16 int32 indexing, +32 int64 for a tensor or an axis product past INT32_MAX, "
       "which only cases of 2^31 elements or about 2^23 with a 2^16-row plane reach).",
       {"Ascend950"},
       {34}},
      {Strategy::NchwSmallKernel,
       {17, 33},
       "Ascend950, N*C >= 128 with small windows and a wide enough output: vectors of planes per tile, chosen by "
       "upstream's cost model (TEMPLATE_MODE 1; +32 int64 offsets only past 2^31 elements).",
       {"Ascend950"},
       {33}},
      {Strategy::SIMT,
       {19, 35},
       "Ascend950 otherwise: one thread per input element, grid-stride over N*C*H*W (TEMPLATE_MODE 3; +32 int64 "
       "offsets where an axis product H*Ho or W*Wo passes "
       "INT32_MAX, which a 2^16-row plane reaches cheaply).",
       {"Ascend950"}},
      {Strategy::AssistMatmul,
       {0},
       "Atlas training/inference series otherwise: assist matrices, a Mul by the window weights and two batched "
       "matmuls per plane on the Cube.",
       {"Ascend910", "Ascend310P"}},
  };
}

}  // namespace poolcheck::spec::adaptive_avgpool2d_grad
