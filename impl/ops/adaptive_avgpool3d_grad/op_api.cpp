// aclnnAdaptiveAvgPool3dBackward: validation, path and tiling in the first phase; the second phase is
// the family's plan (plan.h).
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "ops/adaptive_avgpool3d_grad/plan.h"
#include "ops/adaptive_avgpool3d_grad/upstream_op_api.h"
#include "ops/adaptive_avgpool3d_grad/validate.h"
#include "ops/common/api_guard.h"
#include "ops/common/plan_call.h"
#include "runtime/profile.h"

namespace pcemu::adaptive {

aclnnStatus get_workspace_size(const RawArgs& args) {
  // Upstream profile: ops-nn's own GetWorkspaceSize sequence (upstream_op_api.cpp, AA.D.* entries).
  if (upstream_profile()) return get_workspace_size_upstream(args, {kApi, kOpType}, make_plan);
  return plan_call({kApi, kOpType}, args, validate, plan_tiling, make_plan);
}

}  // namespace pcemu::adaptive

extern "C" {

aclnnStatus aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           aclTensor* out, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
  return pcemu::guard_api(pcemu::adaptive::kApi, "GetWorkspaceSize", [&] {
    return pcemu::adaptive::get_workspace_size({gradOutput, self, out, workspaceSize, executor});
  });
}

aclnnStatus aclnnAdaptiveAvgPool3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return pcemu::guarded_execute(pcemu::adaptive::kApi, pcemu::adaptive::kOpType, workspace, workspaceSize, executor,
                                stream);
}

}  // extern "C"
