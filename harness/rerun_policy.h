// The rerun policy: which second run a valid case whose first run passed gets, under which knobs (from the case
// seed, so a result reproduces from its descriptor), and how its findings fold into the case's result.
#pragma once

#include <cstdint>
#include <vector>

#include "backend/backend.h"
#include "case/result.h"
#include "harness/device_tensor.h"
#include "harness/one_run.h"
#include "spec/spec.h"

namespace poolcheck {

// Which second run a valid case gets after a first run that passed: bitwise in deterministic mode, tolerance in
// the default mode when the kernel added atomically (or the backend cannot say), else none.
RerunCheck rerun_check(const Case& c, const spec::Expected& exp, const CaseResult& first);

// The second run, after a first run that passed (a failed first run keeps its classification and is not run
// again). Deterministic mode promises the same bits on the same hardware whatever the interleaving; another UB
// size may legitimately change the plan (where a tile cuts an overlapping axis) and with it how the sums group.
// So when the second run's UB size changed the plan and the bits, a third run keeps the second's core count
// and the case's UB size under another schedule, and that one must agree bit for bit.
void rerun(const Case& c, const OpAdapter& op, const spec::Expected& exp, const DeviceCase& d, Judge judge,
           const HostBytes& first_output, RerunCheck check, aclrtStream stream, CaseResult* r);

}  // namespace poolcheck
