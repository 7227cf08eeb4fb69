// The runner: one Case through the public aclnn C API against the oracle, classified.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/result.h"

namespace poolcheck {

struct RunOptions {
  bool check_spec = true;  // compare status/phase with spec::expected
  // Host data instead of generated data (for `poolcheck eval`): tensor name -> dense row-major values of the
  // view shape; indices as doubles holding integers. Tensors not listed are generated as usual.
  const std::vector<std::pair<std::string, std::vector<double>>>* host_inputs = nullptr;
};

CaseResult run_case(const Case& c, const RunOptions& opt = {}, CaseTensors* tensors = nullptr);

// A result for `c` before it runs: the case, its descriptor and what the spec expects (for an executor that
// must report a case whose run never answered). Outcome Crash until something better is known.
CaseResult planned_result(const Case& c, const RunOptions& opt = {});

// Initialises the runtime once per process (aclInit + aclrtSetDevice + a stream). Idempotent.
void ensure_runtime();

}  // namespace poolcheck
