// The A2/A3 executor of MaxPool3DGradWithArgmax, shared by every entry point that maps its problem onto this
// family (the 3-D seed and the 2-D entry points, which view H x W as D = 1).
#pragma once

#include "ops/common/op_plan.h"
#include "ops/maxpool3d_grad/problem.h"
#include "ops/maxpool3d_grad/tiling.h"
#include "ops/maxpool3d_grad/workspace_layout.h"

namespace pcemu::maxpool {

// The second phase without the recheck of the client's tensors: staging, the index check, the main kernel.
aclnnStatus run_a2_kernels(const Problem& pr, const Tiling& t, const WorkspaceLayout& wl, unsigned char* ws,
                           pcEmuLaunchInfo& info);

// Rechecks the call's tensors, then runs the kernels.
Plan make_plan(const Problem& pr, const Tiling& t, bool deterministic);

}  // namespace pcemu::maxpool
