// A case planned, not run: GetWorkspaceSize through the public C API and the tiling the backend reports, with
// device allocations that are reserved but never written, so the time does not grow with the tensors' size.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/result.h"
#include "poolcheck_emu/emu.h"

namespace poolcheck {

struct PlanReport {
  // The case, its descriptor, what the spec expects, the observed status (phase "GetWorkspaceSize" when it
  // failed), the backend's error message, and the tiling (strategy, key, summary, blockDim, workspace).
  CaseResult r;
  int32_t used_cores = 0;
  int64_t ub_limit_bytes = 0;
  bool deterministic = false;
  // The plan agrees with the spec: the documented status when the first violated rule is checked in
  // GetWorkspaceSize, else success (a data rule is checked in execute, which a plan never reaches).
  bool as_documented = false;
  double seconds = 0;
  std::vector<std::string> notes;  // allocations that could not be reserved at full size
  // Everything the backend reports of the plan (the emulator's pcEmuLastLaunch), zero when it reports nothing.
  pcEmuLaunchInfo launch{};
};

// Plans `c` on the backend loaded in this process. A tensor whose view the harness cannot size (a wrapped
// product) gets a token allocation: the library's own view check must refuse it. Throws std::invalid_argument
// for an unknown operator and std::runtime_error when the backend cannot reserve an allocation.
PlanReport plan_only(const Case& c);

}  // namespace poolcheck
