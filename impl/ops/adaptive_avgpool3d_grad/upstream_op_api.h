// aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize under the Upstream profile: ops-nn's sequence (op_api
// checks, empty shortcut, AllOne or common path, DOUBLE on the AllOne path).
#pragma once

#include "ops/adaptive_avgpool3d_grad/tiling.h"
#include "ops/adaptive_avgpool3d_grad/validate.h"
#include "ops/common/op_plan.h"

namespace pcemu::adaptive {

using MakePlan = Plan (*)(const Problem&, const Tiling&, bool deterministic);

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan);

}  // namespace pcemu::adaptive
