#include "ops/maxpool3d_grad/upstream_op_api.h"

#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/common/upstream_call.h"
#include "ops/maxpool3d_grad/upstream_validate.h"
#include "runtime/runtime_state.h"

namespace pcemu::maxpool {

std::optional<aclnnStatus> start_upstream_tiling(const RawArgs& a, const OpNames& op, UpstreamTilingStart* start) {
  // Upstream (aclnn_max_pool3d_with_argmax_backward.cpp, GetWorkspaceSize): an empty tensor gets
  // `*workspaceSize = 0` and the executor released with nothing in it, before any kernel exists for the SoC
  // [MP.D.EMPTY]; the out-parameters are written unchecked there and below [MP.D.NULL_CHECKS].
  start->deterministic = runtime().deterministic;
  if (auto done = start_upstream_call(op, a, validate_upstream, &start->pr, start->deterministic)) return *done;
  start->plat = active_platform();
  if (auto st = require_kernels(op, start->plat)) return no_kernel_unchecked(op.api, st, a.workspace_size, a.executor);
  if (auto st = check_tiling_inputs_upstream(a, start->pr)) return st;
  return std::nullopt;
}

aclnnStatus get_workspace_size_upstream(const RawArgs& a, const OpNames& op, MakePlan make_plan) {
  UpstreamTilingStart start;
  if (auto done = start_upstream_tiling(a, op, &start)) return *done;
  const Problem& pr = start.pr;
  const ActivePlatform& plat = start.plat;
  const bool det = start.deterministic;
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
