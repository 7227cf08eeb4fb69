// aclnnAvgPool3dBackwardGetWorkspaceSize under the Upstream profile: ops-nn's sequence (op_api checks, empty
// shortcut, the AvgPool3DGrad graph with its int divisor and the ViewCopy into output).
#pragma once

#include "ops/avgpool2d_grad/validate_3d.h"

namespace pcemu::avgpool {

aclnnStatus get_workspace_size_3d_upstream(const RawArgs3d& a);

}  // namespace pcemu::avgpool
