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
  // A valid case whose first run passed runs a second time under other knobs (another core count and UB size
  // and a seeded block schedule, chosen from the case seed; the same knobs against a backend without the
  // emulator's controls). Deterministic mode: the two outputs must be bitwise equal. Default mode with atomics
  // (or unknown tiling): the second run must pass the oracle comparison too. CaseResult::rerun says how.
  bool rerun = true;
  // A backend known to lack a path: `unsupported` results become `unsupported-allowed` (allow_unsupported()).
  bool allow_unsupported = false;
  // A valid call that succeeded on a backend that reports its tiling is checked against the tiling oracle
  // (`wrong-tiling`). Off only for controls that show another check firing on its own.
  bool check_tiling = true;
};

CaseResult run_case(const Case& c, const RunOptions& opt = {}, CaseTensors* tensors = nullptr);

// For a backend known to lack a path: an `unsupported` result (a valid call on a platform the spec supports,
// refused with ACLNN_ERR_INNER_FIND_KERNEL_ERROR) becomes `unsupported-allowed`, which is not a failure, and
// its message says why. Any other result is left as it is.
void allow_unsupported(CaseResult* r);

// A result for `c` before it runs: the case, its descriptor and what the spec expects (for an executor that
// must report a case whose run never answered). Outcome Crash until something better is known.
CaseResult planned_result(const Case& c, const RunOptions& opt = {});

// Applies the case's platform, tiling knobs, int32 index limit and determinism to the backend (the emulator's
// controls where it has them; a refused platform is noted in r->message). Throws std::invalid_argument for an
// index limit the backend refuses.
void configure_backend(const Case& c, CaseResult* r);
// The last planned or executed launch's tiling, from a backend that reports it (the emulator).
void take_tiling(CaseResult* r);

// Initialises the runtime once per process (aclInit + aclrtSetDevice + a stream). Idempotent.
void ensure_runtime();

}  // namespace poolcheck
