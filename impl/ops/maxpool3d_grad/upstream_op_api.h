// aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize under the Upstream profile: ops-nn's sequence (op_api
// checks, empty shortcut, host tiling checks, template choice, unchecked out-parameters).
#pragma once

#include "ops/common/op_plan.h"
#include "ops/maxpool3d_grad/tiling.h"
#include "ops/maxpool3d_grad/validate.h"

namespace pcemu::maxpool {

using MakePlan = Plan (*)(const Problem&, const Tiling&, bool deterministic);

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan);

}  // namespace pcemu::maxpool
