#include "ops/avgpool2d_grad/upstream_op_api_3d.h"

#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/avgpool2d_grad/plan.h"
#include "ops/avgpool2d_grad/tiling.h"
#include "ops/avgpool2d_grad/upstream_validate_3d.h"
#include "ops/common/upstream_call.h"
#include "runtime/runtime_state.h"

namespace pcemu::avgpool {

aclnnStatus get_workspace_size_3d_upstream(const RawArgs3d& a) {
  constexpr OpNames kNames{kApi3d, kOpType};
  Problem pr;
  const bool det = runtime().deterministic;
  if (auto done = start_upstream_call(kNames, a, validate_3d_upstream, &pr, det)) return *done;
  const ActivePlatform plat = active_platform();
  if (auto st = require_kernels({kApi3d, kKernel3d}, plat))
    return no_kernel_unchecked(kApi3d, st, a.workspace_size, a.executor);
  // The same AvgPool3DGrad route, kernel and tiling as the documented profile.
  std::string why;
  auto tiling = plan_tiling_3d_route(pr, plat.profile, tiling_deterministic(det), &why);
  // Upstream: l0op::AvgPool3DGrad returns nullptr when its launch fails, which GetWorkspaceSize's CHECK_RET maps
  // to ACLNN_ERR_INNER_NULLPTR.
  if (!tiling) return fail(ACLNN_ERR_INNER_NULLPTR, "{}: tiling failed: {}", kApi3d, why);
  tiling->ub_limit = plat.profile.ub_bytes;
  // Upstream (GetWorkspaceSize): the result, in gradOutput's dtype, is ViewCopy'd into output, whose dtype the
  // op_api never compared; that l0 op (outside ops-nn) is taken to return nullptr for another dtype, which
  // CHECK_RET maps to ACLNN_ERR_INNER_NULLPTR [AP3.D.OUT_DTYPE].
  if (a.output->dtype != a.grad_output->dtype)
    return fail(ACLNN_ERR_INNER_NULLPTR, "{}: output dtype {} is not the result's ({}): ViewCopy returned nullptr",
                kApi3d, dtype_label(a.output->dtype), dtype_label(a.grad_output->dtype));
  return hand_out_unchecked(kApi3d, make_plan(pr, *tiling, det), a.workspace_size, a.executor);
}

}  // namespace pcemu::avgpool
