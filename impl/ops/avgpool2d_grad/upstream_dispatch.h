// The Upstream profile's graph choice of aclnnAvgPool2dBackward after the op_api checks: the regbase
// (Ascend 950) branch, the global-average shortcut, the cube path and the vector 3-D path, with the checks
// and the unchecked pointer reads each of them makes (aclnn_avgpool2d_backward.cpp, GetWorkspaceSize and
// BuildAvgPool2dBackwardGraph).
#pragma once

#include "npu/platform.h"
#include "ops/avgpool2d_grad/tiling.h"
#include "ops/avgpool2d_grad/validate.h"

namespace pcemu::avgpool {

struct UpstreamRoute {
  Path path = Path::Vector;
  Compute compute = Compute::Fp32;
};

// Chooses the path as ops-nn does and runs its checks; may crash where ops-nn reads a null stride. On the
// vector path the problem's divisor becomes the int the l0 op takes.
aclnnStatus route_upstream(const RawArgs& a, const PlatformProfile& plat, Problem* pr, UpstreamRoute* route);

}  // namespace pcemu::avgpool
