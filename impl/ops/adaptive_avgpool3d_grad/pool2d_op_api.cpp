// aclnnAdaptiveAvgPool2dBackward: a sibling entry point of the family. The first phase validates, picks
// upstream's route (pool2d_route.h) and, where the emulator has its kernels, plans the call as the 3-D
// problem with D = 1; the second phase is the family's plan (plan.h), the matmul chain's (assist_matmul.h) or the
// Ascend 950 kernel's (regbase2d.h).
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "common/log.h"
#include "ops/adaptive_avgpool3d_grad/assist_matmul.h"
#include "ops/adaptive_avgpool3d_grad/plan.h"
#include "ops/adaptive_avgpool3d_grad/pool2d_route.h"
#include "ops/adaptive_avgpool3d_grad/pool2d_validate.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d.h"
#include "ops/adaptive_avgpool3d_grad/upstream_pool2d_op_api.h"
#include "ops/common/api_guard.h"
#include "ops/common/plan_call.h"
#include "ops/common/upstream_call.h"
#include "runtime/profile.h"

namespace pcemu::adaptive {

namespace {

constexpr OpNames kNames2d{kApi2d, kOpType};
constexpr OpNames kNamesRegbase2d{kApi2d, kRegbase2dOpType};

aclnnStatus get_workspace_size_2d(const RawArgs& args) {
  // Upstream profile: ops-nn's own GetWorkspaceSize sequence (upstream_pool2d_op_api.cpp, AA2.D.* entries).
  if (upstream_profile()) return get_workspace_size_2d_upstream(args);
  if (auto st = require_device(kApi2d)) return st;
  Problem pr;
  bool empty = false;
  if (auto st = validate_2d(args, &pr, &empty)) return st;
  if (empty) return hand_out_executor(empty_plan(kOpType, runtime().deterministic), args.workspace_size, args.executor);
  const ActivePlatform plat = active_platform();
  const Route2d route = route_2d(pr, plat.profile.soc);
  if (!route_emulated(route))
    return fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                "{}: on {} ops-nn runs this call ({} route: gradOutput {}x{}) through {}, which the emulator does not "
                "have",
                kApi2d, plat.profile.soc, route_name(route), pr.out[1], pr.out[2], route_upstream_kernels(route));
  // The matmul chain of the Atlas training/inference series has its own tiling and kernel.
  if (route == Route2d::AssistMatmul)
    return tile_and_hand_out(kNames2d, args, pr, plat, plan_assist_tiling, make_assist_plan);
  // Ascend 950: the arch35 AdaptiveAvgPool2dGrad kernel with its own tiling (regbase2d.h).
  if (route == Route2d::Regbase2d) {
    if (auto st = require_kernels(kNamesRegbase2d, plat)) return st;
    return tile_and_hand_out(kNamesRegbase2d, args, pr, plat, plan_regbase2d_tiling, make_regbase2d_plan);
  }
  // FillMul runs the elementwise kernels every SoC has; only the 3-D route needs AdaptiveAvgPool3dGrad.
  if (route == Route2d::Pool3dGeneral)
    if (auto st = require_kernels(kNames2d, plat)) return st;
  return tile_and_hand_out(kNames2d, args, pr, plat, plan_tiling, make_plan);
}

}  // namespace

}  // namespace pcemu::adaptive

extern "C" {

aclnnStatus aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           aclTensor* out, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
  return pcemu::guard_api(pcemu::adaptive::kApi2d, "GetWorkspaceSize", [&] {
    return pcemu::adaptive::get_workspace_size_2d({gradOutput, self, out, workspaceSize, executor});
  });
}

aclnnStatus aclnnAdaptiveAvgPool2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return pcemu::guarded_execute(pcemu::adaptive::kApi2d, pcemu::adaptive::kOpType, workspace, workspaceSize, executor,
                                stream);
}

}  // extern "C"
