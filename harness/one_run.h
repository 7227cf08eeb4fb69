// One run of a staged case: both aclnn phases, the outcome classified against the spec's expectation and the
// output judged (against the oracle, or bit for bit against an earlier run), then the checks that hold whatever
// the outcome: inputs untouched, nothing written outside the tensors.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "backend/backend.h"
#include "case/result.h"
#include "harness/op_adapter.h"
#include "harness/staging.h"
#include "spec/spec.h"

namespace poolcheck {

// How one run of a valid case is judged: against the oracle (computed once per case, on first use), or, for
// the second run of a deterministic case, bit for bit against the first run's output.
struct Judge {
  std::function<const OracleResult&()> oracle;
  // Set: compare bitwise with this earlier run's output allocation (its bytes outside the view were checked, as
  // this run's are, so the allocations are equal exactly when the views are).
  const HostBytes* first_output = nullptr;
  HostBytes* output = nullptr;  // set: keep this run's output allocation bytes here
  bool check_tiling = true;     // RunOptions::check_tiling
};

// The call on `stream`; r receives the observed status and phase, the tiling, the outcome and its message.
void run_once(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d, const Judge& judge,
              aclrtStream stream, CaseResult* r, CaseTensors* tensors);

}  // namespace poolcheck
