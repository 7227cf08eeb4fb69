// The first phase (GetWorkspaceSize) every operator runs, in this order: a device is set, the arguments
// validate, the platform has the kernels, the tiling fits; the operator then turns problem and tiling
// into the executor's Plan.
#pragma once

#include <optional>
#include <string>

#include "common/log.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/common/op_plan.h"
#include "runtime/executor.h"
#include "runtime/runtime_state.h"

namespace pcemu {

// The profile with the SoC's nominal unified buffer in place of the configured one (the UbKnobIgnored fault).
inline PlatformProfile nominal_ub(PlatformProfile p) {
  if (const PlatformProfile* nominal = find_platform(p.soc)) p.ub_bytes = nominal->ub_bytes;
  return p;
}

// The tail of the first phase once `pr` validated and the platform has what it needs: the tiling (with the
// UbKnobIgnored fault's nominal UB), then the executor of `make_plan(problem, tiling, deterministic)` handed to
// the client through `args`' workspace_size and executor out-pointers.
template <typename RawArgs, typename Problem, typename Tiling, typename MakePlan>
aclnnStatus tile_and_hand_out(const OpNames& op, const RawArgs& args, const Problem& pr, const ActivePlatform& plat,
                              std::optional<Tiling> (*plan_tiling)(const Problem&, const PlatformProfile&, bool,
                                                                   std::string*),
                              MakePlan make_plan) {
  const bool det = runtime().deterministic;
  std::string why;
  auto tiling = fault_on(Fault::UbKnobIgnored)
                    ? plan_tiling(pr, nominal_ub(plat.profile), tiling_deterministic(det), &why)
                    : plan_tiling(pr, plat.profile, tiling_deterministic(det), &why);
  if (!tiling) return fail(ACLNN_ERR_INNER_TILING_ERROR, "{}: tiling failed: {}", op.api, why);
  tiling->ub_limit = plat.profile.ub_bytes;  // the launch gets the UB the device has
  return hand_out_executor(make_plan(pr, *tiling, det), args.workspace_size, args.executor);
}

// `args` carries the client's workspace_size and executor out-pointers (checked non-null by `validate`);
// `make_plan(problem, tiling, deterministic)` returns the Plan.
template <typename RawArgs, typename Problem, typename Tiling, typename MakePlan>
aclnnStatus plan_call(const OpNames& op, const RawArgs& args, aclnnStatus (*validate)(const RawArgs&, Problem*),
                      std::optional<Tiling> (*plan_tiling)(const Problem&, const PlatformProfile&, bool, std::string*),
                      MakePlan make_plan) {
  if (auto st = require_device(op.api)) return st;
  Problem pr;
  if (auto st = validate(args, &pr)) return st;
  const ActivePlatform plat = active_platform();
  if (auto st = require_kernels(op, plat)) return st;
  return tile_and_hand_out(op, args, pr, plat, plan_tiling, make_plan);
}

}  // namespace pcemu
