#include "ops/maxpool3d_grad/upstream_op_api.h"

#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/common/upstream_call.h"
#include "ops/maxpool3d_grad/upstream_validate.h"
#include "runtime/runtime_state.h"

namespace pcemu::maxpool {

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan) {
  // Upstream (aclnn_max_pool3d_with_argmax_backward.cpp, GetWorkspaceSize): an empty tensor gets
  // `*workspaceSize = 0` and the executor released with nothing in it, before any kernel exists for the SoC
  // [MP.D.EMPTY]; the out-parameters are written unchecked there and below [MP.D.NULL_CHECKS].
  Problem pr;
  const bool det = runtime().deterministic;
  if (auto done = start_upstream_call(op, a, validate_upstream, &pr, det)) return *done;
  const ActivePlatform plat = active_platform();
  if (auto st = require_kernels(op, plat)) return no_kernel_unchecked(op.api, st, a.workspace_size, a.executor);
  if (auto st = check_tiling_inputs_upstream(a, pr)) return st;
  std::string why;
  auto tiling = plan_tiling(pr, plat.profile, tiling_deterministic(det), &why);
  if (!tiling) return fail(kUpstreamTilingFailed, "{}: tiling failed: {}", op.api, why);
  // Upstream (op_kernel/max_pool3d_grad_with_argmax.cpp): no index range check; Normal and CutK drop an
  // index outside its window, Scatter writes gradInput[nc*D*H*W + index] unchecked (an index beyond the
  // tensor is the device's out-of-range fault, 361001 at execute) [MP.D.INDEX_VALIDITY].
  tiling->check_indices = false;
  tiling->drop_stray_indices = tiling->strategy != Strategy::Scatter;
  return hand_out_unchecked(op.api, make_plan(pr, *tiling, det), a.workspace_size, a.executor);
}

}  // namespace pcemu::maxpool
