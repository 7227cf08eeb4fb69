// aclnnAvgPool2dBackward: validation, path choice and tiling in the first phase; the second phase is the
// family's plan (plan.h).
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "ops/avgpool2d_grad/plan.h"
#include "ops/avgpool2d_grad/upstream_op_api.h"
#include "ops/avgpool2d_grad/validate.h"
#include "ops/common/api_guard.h"
#include "ops/common/plan_call.h"
#include "runtime/profile.h"

namespace pcemu::avgpool {

aclnnStatus get_workspace_size(const RawArgs& args) {
  // Upstream profile: ops-nn's own GetWorkspaceSize sequence (upstream_op_api.cpp, AP.D.* entries).
  if (upstream_profile()) return get_workspace_size_upstream(args, {kApi, kOpType}, make_plan);
  return plan_call({kApi, kOpType}, args, validate, plan_tiling, make_plan);
}

}  // namespace pcemu::avgpool

extern "C" {

aclnnStatus aclnnAvgPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                   const aclIntArray* kernelSize, const aclIntArray* stride,
                                                   const aclIntArray* padding, bool ceilMode, bool countIncludePad,
                                                   int64_t divisorOverride, int8_t cubeMathType, aclTensor* gradInput,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
  return pcemu::guard_api(pcemu::avgpool::kApi, "GetWorkspaceSize", [&] {
    return pcemu::avgpool::get_workspace_size({gradOutput, self, kernelSize, stride, padding, ceilMode, countIncludePad,
                                               divisorOverride, cubeMathType, gradInput, workspaceSize, executor});
  });
}

aclnnStatus aclnnAvgPool2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return pcemu::guarded_execute(pcemu::avgpool::kApi, pcemu::avgpool::kOpType, workspace, workspaceSize, executor,
                                stream);
}

}  // extern "C"
