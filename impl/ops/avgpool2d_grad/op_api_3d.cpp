// aclnnAvgPool3dBackward: ops-nn serves it with the same AvgPool3DGrad kernel as the 2-D entry point's vector
// path: its NCDHW templates (only T, block) or, as the 2-D entry point, the channels-last one with its depth axis.
// The first phase validates (validate_3d.cpp) and tiles, the second is the family's plan (plan.h). The kernel, its
// tiling and its binaries are the same on Atlas A2, A3 and Ascend 950; the tiling reads only the SoC's core count and
// UB size.
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "ops/avgpool2d_grad/plan.h"
#include "ops/avgpool2d_grad/upstream_op_api_3d.h"
#include "ops/avgpool2d_grad/validate_3d.h"
#include "ops/common/api_guard.h"
#include "ops/common/plan_call.h"
#include "ops/common/upstream_call.h"
#include "runtime/profile.h"

namespace pcemu::avgpool {

namespace {

// Always the Vector path (the 2-D op_api's Global and Cube shortcuts have no 3-D counterpart), on upstream's
// route: NCDHW for only-T windows and 12 <= N*C < 256, else channels-last. N*C = 0 (documented shapes allow it)
// leaves nothing to tile.
std::optional<Tiling> plan_tiling_3d(const Problem& pr, const PlatformProfile& plat, bool det, std::string* why) {
  if (pr.nc() == 0) return Tiling{};
  return plan_tiling_3d_route(pr, plat, det, why);
}

// An empty gradOutput launches nothing: the output, empty as well, has no element to write.
Plan make_plan_3d(const Problem& pr, const Tiling& t, bool deterministic) {
  if (pr.nc() == 0) return empty_plan(kOpType, deterministic);
  return make_plan(pr, t, deterministic);
}

// The platform must have the l0 kernel this entry point launches, AvgPool3DGrad (registered on Ascend 950 as on
// A2/A3), not the 2-D entry point's op type, which Ascend 950 lacks; the executor still reports the family's.
aclnnStatus get_workspace_size_3d(const RawArgs3d& args) {
  // Upstream profile: ops-nn's own GetWorkspaceSize sequence (upstream_op_api_3d.cpp, AP3.D.* entries).
  if (upstream_profile()) return get_workspace_size_3d_upstream(args);
  if (auto st = require_device(kApi3d)) return st;
  Problem pr;
  if (auto st = validate_3d(args, &pr)) return st;
  const ActivePlatform plat = active_platform();
  if (auto st = require_kernels({kApi3d, kKernel3d}, plat)) return st;
  return tile_and_hand_out({kApi3d, kOpType}, args, pr, plat, plan_tiling_3d, make_plan_3d);
}

}  // namespace

}  // namespace pcemu::avgpool

extern "C" {

aclnnStatus aclnnAvgPool3dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                   const aclIntArray* kernelSize, const aclIntArray* stride,
                                                   const aclIntArray* padding, bool ceilMode, bool countIncludePad,
                                                   int64_t divisorOverride, aclTensor* output, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return pcemu::guard_api(pcemu::avgpool::kApi3d, "GetWorkspaceSize", [&] {
    return pcemu::avgpool::get_workspace_size_3d({gradOutput, self, kernelSize, stride, padding, ceilMode,
                                                  countIncludePad, divisorOverride, output, workspaceSize, executor});
  });
}

aclnnStatus aclnnAvgPool3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   const aclrtStream stream) {
  return pcemu::guarded_execute(pcemu::avgpool::kApi3d, pcemu::avgpool::kOpType, workspace, workspaceSize, executor,
                                stream);
}

}  // extern "C"
