#include "ops/common/op_plan.h"

#include <cstdio>
#include <memory>
#include <utility>

#include "common/log.h"
#include "ops/common/tensor_view.h"
#include "runtime/executor.h"

namespace pcemu {

aclnnStatus recheck_tensors(const char* api, const std::vector<NamedTensor>& tensors) {
  for (const auto& [name, t] : tensors) {
    if (!is_live_tensor(t))
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} was destroyed between GetWorkspaceSize and execute", api, name);
    std::string why;
    const auto extent = view_extent(*t, &why);
    const auto avail = device_bytes_from(t->data);
    if (!extent || !avail || *extent * dtype_bytes(t->dtype) > *avail)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: {} memory was freed or shrunk after GetWorkspaceSize", api, name);
  }
  return ACLNN_SUCCESS;
}

void tag_plan(const PlanTag& tag, pcEmuLaunchInfo* info) {
  std::snprintf(info->opType, sizeof info->opType, "%s", tag.op_type);
  std::snprintf(info->strategy, sizeof info->strategy, "%s", tag.strategy.c_str());
  std::snprintf(info->tilingSummary, sizeof info->tilingSummary, "%s", tag.summary.c_str());
  info->tilingKey = tag.key;
  info->blockDim = info->usedCores = tag.block_dim;
  info->ubBytesLimit = tag.ub_limit;
  info->ubHighWater = 0;
  info->workspaceBytes = tag.workspace;
  info->atomicAdds = tag.atomics ? 1 : 0;
  info->deterministic = tag.deterministic ? 1 : 0;
}

aclnnStatus require_kernels(const OpNames& op, const ActivePlatform& plat) {
  if (plat.has_kernels(op.op_type)) return ACLNN_SUCCESS;
  return fail(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "{}: no emulated kernel for {} on {}{}", op.api, op.op_type,
              plat.profile.soc, op.no_kernel_note);
}

aclnnStatus hand_out_executor(Plan plan, uint64_t* workspace_size, aclOpExecutor** executor) {
  auto exec = std::make_unique<aclOpExecutor>();
  exec->op_type = plan.tag.op_type;
  exec->workspace_bytes = static_cast<uint64_t>(plan.tag.workspace);
  tag_plan(plan.tag, &exec->info);
  record_launch(exec->info);
  exec->run = std::move(plan.run);
  *workspace_size = exec->workspace_bytes;
  *executor = register_executor(exec.release());
  return ACLNN_SUCCESS;
}

aclnnStatus launch_recording(const LaunchSpec& spec, const std::function<void(BlockContext&)>& body,
                             pcEmuLaunchInfo& info, LaunchStats stats) {
  const aclnnStatus st = launch(spec, body, &stats);
  info.ubHighWater = stats.ub_high_water;
  return st;
}

}  // namespace pcemu
