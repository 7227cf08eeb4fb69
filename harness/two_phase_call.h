// The two-phase aclnn call every adapter makes: GetWorkspaceSize (with the out-pointers the case may
// null), then a workspace of the size asked for, the execute call on the stream, and the workspace freed.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>

#include "backend/backend.h"
#include "harness/op_adapter.h"

namespace poolcheck {

// `plan(workspace_size, executor)` is the operator's GetWorkspaceSize with the case's other arguments.
inline ApiOutcome two_phase_call(const Case& c, const std::function<aclnnStatus(uint64_t*, aclOpExecutor**)>& plan,
                                 aclnnStatus (*execute)(void*, uint64_t, aclOpExecutor*, aclrtStream), void* stream) {
  ApiOutcome out;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  out.status = plan(c.null_workspace_size ? nullptr : &ws, c.null_executor ? nullptr : &exec);
  if (out.status != 0) return out;
  out.workspace_bytes = ws;
  void* workspace = nullptr;
  const auto& a = backend::api();
  if (ws > 0 && a.aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
    throw std::runtime_error("cannot allocate the workspace");
  out.status = execute(workspace, ws, exec, stream);
  // A device backend runs the kernel asynchronously: the results exist only after the stream drains.
  if (out.status == 0) out.status = a.aclrtSynchronizeStream(stream);
  out.failed_in_execute = out.status != 0;
  if (workspace) a.aclrtFree(workspace);
  return out;
}

}  // namespace poolcheck
