#include "runtime/executor.h"

#include <mutex>
#include <unordered_set>

#include "common/log.h"
#include "npu/traffic.h"
#include "runtime/device_memory.h"
#include "runtime/runtime_state.h"

namespace pcemu {

namespace {
std::mutex g_mu;
std::unordered_set<const aclOpExecutor*> g_live;
thread_local pcEmuLaunchInfo g_last{};
thread_local bool g_have_last = false;

bool take_live(aclOpExecutor* e) {
  std::lock_guard lock(g_mu);
  return g_live.erase(e) != 0;
}
}  // namespace

aclOpExecutor* register_executor(aclOpExecutor* e) {
  std::lock_guard lock(g_mu);
  g_live.insert(e);
  return e;
}

void record_launch(const pcEmuLaunchInfo& info) {
  g_last = info;
  g_have_last = true;
}

aclnnStatus require_device(const char* api) {
  if (!runtime().initialized) return fail(ACLNN_ERR_RUNTIME_ERROR, "{}: aclInit has not been called", api);
  if (runtime().device < 0) return fail(ACLNN_ERR_RUNTIME_ERROR, "{}: no device set (aclrtSetDevice)", api);
  return ACLNN_SUCCESS;
}

aclnnStatus execute_once(const char* api, std::initializer_list<const char*> op_types, void* workspace,
                         uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream) {
  if (!executor) return fail(ACLNN_ERR_PARAM_NULLPTR, "{}: executor is null", api);
  if (const auto st = require_device(api)) return st;
  if (!take_live(executor))
    return fail(ACLNN_ERR_PARAM_INVALID,
                "{}: executor {} is not a live executor (already executed, destroyed, or not from GetWorkspaceSize)",
                api, static_cast<const void*>(executor));
  std::unique_ptr<aclOpExecutor> owned(executor);  // single use: gone whatever happens next
  bool planned_here = false;
  std::string expected;
  for (const char* t : op_types) {
    planned_here = planned_here || owned->op_type == t;
    expected += (expected.empty() ? "" : " or ") + std::string(t);
  }
  if (!planned_here)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: executor was planned for {} not {}", api, owned->op_type, expected);
  if (stream && !is_live_stream(stream))
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: stream {} is not a live stream", api, stream);
  if (workspace_size < owned->workspace_bytes)
    return fail(ACLNN_ERR_PARAM_INVALID, "{}: workspaceSize={} is smaller than the {} bytes GetWorkspaceSize asked for",
                api, workspace_size, owned->workspace_bytes);
  if (owned->workspace_bytes > 0) {
    if (!workspace)
      return fail(ACLNN_ERR_PARAM_NULLPTR, "{}: workspace is null but {} bytes are needed", api,
                  owned->workspace_bytes);
    const auto avail = DeviceMemory::instance().bytes_from(workspace);
    if (!avail || *avail < owned->workspace_bytes)
      return fail(ACLNN_ERR_PARAM_INVALID, "{}: workspace {} is not {} bytes of device memory (available: {})", api,
                  workspace, owned->workspace_bytes, avail ? static_cast<int64_t>(*avail) : -1);
  }
  owned->info.deterministic = runtime().deterministic ? 1 : 0;
  DeviceMemory::instance().settle_all();  // the kernels and layout copies read device memory directly
  call_traffic() = {};
  const aclnnStatus st = owned->run(static_cast<unsigned char*>(workspace), owned->info);
  const Traffic& moved = call_traffic();
  owned->info.gmReadBytes = moved.gm_read;
  owned->info.gmWriteBytes = moved.gm_write;
  owned->info.gmAtomicBytes = moved.gm_atomic;
  owned->info.stagingBytes = moved.staged;
  owned->info.kernelLaunches = moved.launches;
  record_launch(owned->info);
  return st;
}

bool last_launch(pcEmuLaunchInfo* out) {
  if (!g_have_last) return false;
  *out = g_last;
  return true;
}

}  // namespace pcemu

extern "C" aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  if (!executor) return ACLNN_SUCCESS;
  if (!pcemu::take_live(executor))
    return pcemu::fail(ACLNN_ERR_PARAM_INVALID, "aclDestroyAclOpExecutor: {} is not a live executor",
                       static_cast<const void*>(executor));
  delete executor;
  return ACLNN_SUCCESS;
}
