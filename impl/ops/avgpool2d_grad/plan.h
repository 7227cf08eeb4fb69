// The executor work of the AvgPool3DGrad family, shared by aclnnAvgPool2dBackward and aclnnAvgPool3dBackward:
// the second phase stages the data (Contiguous, the channels-last Transpose of the vector path), launches the
// path's kernels and writes the output back through ViewCopy.
#pragma once

#include "ops/avgpool2d_grad/problem.h"
#include "ops/avgpool2d_grad/tiling.h"
#include "ops/common/op_plan.h"

namespace pcemu::avgpool {

Plan make_plan(const Problem& pr, const Tiling& t, bool deterministic);

}  // namespace pcemu::avgpool
