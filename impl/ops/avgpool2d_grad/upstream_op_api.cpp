#include "ops/avgpool2d_grad/upstream_op_api.h"

#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/avgpool2d_grad/upstream_dispatch.h"
#include "ops/avgpool2d_grad/upstream_validate.h"
#include "ops/common/upstream_call.h"
#include "runtime/runtime_state.h"

namespace pcemu::avgpool {

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan) {
  // Upstream (aclnn_avgpool2d_backward.cpp, GetWorkspaceSize): an empty tensor gets `*workspaceSize = 0UL`
  // and the executor released with nothing in it, on any SoC [AP.D.EMPTY]; ops-nn checks neither
  // out-parameter.
  Problem pr;
  const bool det = runtime().deterministic;
  if (auto done = start_upstream_call(op, a, validate_upstream, &pr, det)) return *done;
  const ActivePlatform plat = active_platform();
  UpstreamRoute route;
  if (auto st = route_upstream(a, plat.profile, &pr, &route)) return st;
  if (auto st = require_kernels(op, plat)) return no_kernel_unchecked(op.api, st, a.workspace_size, a.executor);
  std::string why;
  auto tiling = plan_tiling_on_path(pr, plat.profile, tiling_deterministic(det), route.path, route.compute, &why);
  // Upstream: l0op::AvgPool3DGrad returns nullptr when its launch fails, which BuildAvgPool2dBackwardGraph
  // maps to ACLNN_ERR_PARAM_INVALID.
  if (!tiling) return fail(ACLNN_ERR_PARAM_INVALID, "{}: tiling failed: {}", op.api, why);
  tiling->global_whole_plane = route.path == Path::Global;
  // Upstream (BuildCubeGraph): cubeMathType 1/2 or FLOAT16 data run Conv2DBackpropInputFp162Fp16, whose FLOAT16
  // output is then Cast to gradInput's dtype [AP.D.CUBE_MATH_1].
  tiling->fp16_result = route.path == Path::Cube && route.compute == Compute::Fp16;
  return hand_out_unchecked(op.api, make_plan(pr, *tiling, det), a.workspace_size, a.executor);
}

}  // namespace pcemu::avgpool
