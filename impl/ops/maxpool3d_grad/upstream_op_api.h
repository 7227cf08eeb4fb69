// aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize under the Upstream profile: ops-nn's sequence (op_api
// checks, empty shortcut, host tiling checks, template choice, unchecked out-parameters).
#pragma once

#include <optional>

#include "npu/platform.h"
#include "ops/common/op_plan.h"
#include "ops/maxpool3d_grad/tiling.h"
#include "ops/maxpool3d_grad/validate.h"

namespace pcemu::maxpool {

using MakePlan = Plan (*)(const Problem&, const Tiling&, bool deterministic);

// What upstream's sequence has established when its tiling starts: the call, the platform, the mode.
struct UpstreamTilingStart {
  Problem pr;
  ActivePlatform plat;
  bool deterministic = false;
};

// Upstream's GetWorkspaceSize up to the template choice, for every arch: op_api checks, the empty shortcut, the
// no-kernel answer and the tiling base's input checks. The status to answer with when the call ends there.
std::optional<aclnnStatus> start_upstream_tiling(const RawArgs& a, const OpNames& op, UpstreamTilingStart* start);

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan);

}  // namespace pcemu::maxpool
