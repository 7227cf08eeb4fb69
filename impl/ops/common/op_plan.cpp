#include "ops/common/op_plan.h"

#include <cstdio>

#include "common/log.h"
#include "ops/common/tensor_view.h"

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

}  // namespace pcemu
