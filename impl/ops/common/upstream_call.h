// Pieces of ops-nn's GetWorkspaceSize that the Upstream profile reproduces for every operator: the
// empty-tensor shortcut (success, workspace 0, no kernel), out-parameters written without a null check,
// pointers read without a null check, private formats, and the status of a failed host tiling.
#pragma once

#include <cstdint>
#include <optional>

#include "aclnn/acl_meta.h"
#include "ops/common/op_plan.h"
#include "runtime/executor.h"
#include "runtime/tensor.h"

namespace pcemu {

// ops-nn's op_api ends with `*workspaceSize = ...; uniqueExecutor.ReleaseTo(executor);`, neither checked
// for null: hands out `plan` the same way. A null out-parameter is written through, a real crash (SIGSEGV),
// after one log line naming it.
aclnnStatus hand_out_unchecked(const char* api, Plan plan, uint64_t* workspace_size, aclOpExecutor** executor);

// A SoC whose kernels the emulator lacks (561003, `no_kernel`): ops-nn itself would build the graph and reach
// the same unchecked out-parameter writes, so a null one still crashes; else `no_kernel` is returned.
aclnnStatus no_kernel_unchecked(const char* api, aclnnStatus no_kernel, uint64_t* workspace_size,
                                aclOpExecutor** executor);

// The executor of the empty-tensor shortcut: it launches nothing and writes nothing.
Plan empty_plan(const char* op_type, bool deterministic);

// `array->Size()` as ops-nn reads it where it never checked the pointer: a null `array` is read through,
// a real crash (SIGSEGV), after one log line naming it and `where`.
size_t size_unchecked(const char* api, const char* name, const aclIntArray* array, const char* where);

// aclTensor::IsEmpty: a view with a zero dim.
bool is_empty_tensor(const aclTensor* t);

// The start every Upstream GetWorkspaceSize shares: a device (the emulated runtime's own requirement), ops-nn's
// op_api checks (`validate` tells whether a tensor is empty), then the empty-tensor shortcut. Returns the call's
// status when it ends here, nothing when the operator goes on with `pr`.
template <typename RawArgs, typename Problem>
std::optional<aclnnStatus> start_upstream_call(const OpNames& op, const RawArgs& a,
                                               aclnnStatus (*validate)(const RawArgs&, Problem*, bool*), Problem* pr,
                                               bool deterministic) {
  if (auto st = require_device(op.api)) return st;
  bool empty = false;
  if (auto st = validate(a, pr, &empty)) return st;
  if (empty) return hand_out_unchecked(op.api, empty_plan(op.op_type, deterministic), a.workspace_size, a.executor);
  return std::nullopt;
}

// op::IsPrivateFormat: the formats that exist only inside the device (NC1HWC0, FRACTAL_Z, ...).
bool is_private_format(aclFormat f);

// A host tiling that returns GRAPH_FAILED. ops-nn does not show how the framework reports it; CANN
// documents ACLNN_ERR_INNER_TILING_ERROR (561002) for tiling failures (e.g. ops-nn's aclnnSleep.md), which
// the emulator returns from GetWorkspaceSize.
inline constexpr aclnnStatus kUpstreamTilingFailed = ACLNN_ERR_INNER_TILING_ERROR;

}  // namespace pcemu
