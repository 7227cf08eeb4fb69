// aclnnAvgPool2dBackwardGetWorkspaceSize under the Upstream profile: ops-nn's sequence (op_api checks, empty
// shortcut, path choice with its checks, unchecked out-parameters).
#pragma once

#include "ops/avgpool2d_grad/tiling.h"
#include "ops/avgpool2d_grad/validate.h"
#include "ops/common/op_plan.h"

namespace pcemu::avgpool {

using MakePlan = Plan (*)(const Problem&, const Tiling&, bool deterministic);

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan);

}  // namespace pcemu::avgpool
