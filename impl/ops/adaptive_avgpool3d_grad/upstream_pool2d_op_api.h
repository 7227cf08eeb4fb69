// aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize under the Upstream profile: ops-nn's sequence (op_api checks,
// empty shortcut, the route's graph and where it fails, out-parameters written unchecked).
#pragma once

#include "ops/adaptive_avgpool3d_grad/validate.h"

namespace pcemu::adaptive {

aclnnStatus get_workspace_size_2d_upstream(const RawArgs& a);

}  // namespace pcemu::adaptive
