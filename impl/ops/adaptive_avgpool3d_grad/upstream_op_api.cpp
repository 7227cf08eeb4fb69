#include "ops/adaptive_avgpool3d_grad/upstream_op_api.h"

#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/adaptive_avgpool3d_grad/upstream_all_one_double.h"
#include "ops/adaptive_avgpool3d_grad/upstream_validate.h"
#include "ops/common/upstream_call.h"
#include "runtime/runtime_state.h"

namespace pcemu::adaptive {

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan) {
  // Upstream (aclnn_adaptive_avg_pool3d_backward.cpp, GetWorkspaceSize): an empty tensor gets workspace 0 and
  // no kernel [AA.D.EMPTY].
  Problem pr;
  const bool det = runtime().deterministic;
  if (auto done = start_upstream_call(op, a, validate_upstream, &pr, det)) return *done;
  // Upstream (DoCommonAdaptiveAvgPool3dBackward): DOUBLE passes the op_api on SoCs other than A2/A3/950 for every
  // shape, but the AdaptiveAvgPool3dGrad kernel has no DOUBLE: its launch fails and the l0 op's nullptr
  // becomes ACLNN_ERR_INNER_NULLPTR [AA.D.DOUBLE_ALL_ONE].
  if (pr.dtype == ACL_DOUBLE && !pr.all_one())
    return fail(ACLNN_ERR_INNER_NULLPTR, "{}: AdaptiveAvgPool3dGrad has no DOUBLE kernel (l0 op returned nullptr)",
                op.api);
  const ActivePlatform plat = active_platform();
  if (auto st = require_kernels(op, plat)) return st;
  if (pr.dtype == ACL_DOUBLE)
    return hand_out_unchecked(op.api, all_one_double_plan(pr, plat.profile, det), a.workspace_size, a.executor);
  std::string why;
  auto tiling = plan_tiling(pr, plat.profile, tiling_deterministic(det), &why);
  // Upstream (AdaptiveAvgPool3dGrad l0 op): a failed launch returns nullptr, mapped to ACLNN_ERR_INNER_NULLPTR.
  if (!tiling) return fail(ACLNN_ERR_INNER_NULLPTR, "{}: tiling failed: {}", op.api, why);
  tiling->fill_from_double = true;
  return hand_out_unchecked(op.api, make_plan(pr, *tiling, det), a.workspace_size, a.executor);
}

}  // namespace pcemu::adaptive
