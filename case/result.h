// The result of one case: its outcome and how far the output was from the oracle. Plain data shared by the
// runner, the campaign, the reports and the audit (none of which needs the runner to read one).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"
#include "case/phase.h"
#include "case/rerun_check.h"

namespace poolcheck {

enum class Outcome : int8_t {
  Pass,                // succeeded and matched the oracle within the tolerance model
  Fail,                // succeeded but disagreed with the oracle, wrote outside the output, or wrote on error
  Mistrusted,          // succeeded but the result proves nothing (e.g. all-zero gradient)
  ExpectedError,       // the documented status in the documented phase, output untouched
  WrongError,          // an error, but not the documented one (or in the wrong phase)
  UnexpectedSuccess,   // the spec says this call must fail
  Unsupported,         // valid per spec on a platform it supports, but the backend has no kernel (a failure)
  Crash,               // the backend died on a signal or raised an exception
  Timeout,             // the backend did not answer within the per-case time limit (the worker was killed)
  UnsupportedAllowed,  // unsupported, but the run allows it (--allow-unsupported: a backend known to lack a path)
  WrongTiling,         // the numbers passed, but the backend's reported tiling decision is not the tiling oracle's
  HarnessError,        // the harness itself threw (oracle, adapter, descriptor, data fill): its own defect, not
                       // the backend's; a failure, listed apart from crash
};
const char* outcome_name(Outcome o);  // "pass", "fail", ...; "?" for a value outside the table
// The outcome a result spells; nullopt with `error` naming the token and the known words.
std::optional<Outcome> parse_outcome_token(std::string_view token, std::string* error);
bool outcome_is_failure(Outcome o);

struct ErrorStats {
  int64_t elements = 0;
  int64_t mismatches = 0;      // elements beyond their bound
  double max_abs_err = 0;      // |impl - oracle|
  double max_ulp_err = 0;      // in ulps of the output dtype at the oracle value, where the bound is <= 16 ulp
  double max_bound_ratio = 0;  // max |impl - oracle| / bound (<= 1 passes; 0 when exact)
  int64_t worst_index = -1;    // flat gradInput index of the largest bound ratio
  double max_rel_err = 0;      // max |impl - oracle| / |oracle|, where the bound is <= 16 ulp
};

// The second run of a valid case: deterministic mode must give the same bits under other knobs and another
// block interleaving; the default mode with atomics must stay within tolerance of the oracle on both runs.
struct RerunInfo {
  RerunCheck check = RerunCheck::None;
  std::string knobs;         // what the second run changed, e.g. "cores=3 ub=16384 schedule=0x9e37..."
  bool failed = false;       // the second run was rejected (the first passed)
  int64_t first_diff = -1;   // flat output index of the first element whose bits differ (bitwise check)
  uint64_t first_bits = 0;   // that element's bits in the first run (the dtype's width)
  uint64_t second_bits = 0;  // and in the second
};

struct CaseResult {
  Case c;
  std::string descriptor;
  Outcome outcome = Outcome::Fail;
  int32_t expected_status = 0;
  Phase expected_phase = Phase::None;  // the spec's expected phase (GetWorkspaceSize for a valid case)
  std::string expected_rule;           // rule id, empty for valid cases
  int32_t observed_status = 0;
  Phase observed_phase = Phase::None;  // the phase that answered with an error; None when both succeeded
  bool tiling_known = false;           // false against a backend without the emulator's introspection
  std::string strategy;  // the word the backend reports (case/strategy.h's, or a foreign one the tiling check names)
  uint64_t tiling_key = 0;
  std::string tiling;
  int32_t block_dim = 0;
  bool atomics = false;  // the kernel added into GM atomically (known with the tiling)
  int64_t ub_high_water = 0;
  int64_t workspace_bytes = 0;
  // The tiling oracle's decision for the case ("Normal/0 vl=64 ... (why)"), empty when it was not asked (an
  // invalid or failed call, a backend that reports no tiling) or stated none.
  std::string tiling_expected;
  ErrorStats err;
  RerunInfo rerun;
  double seconds = 0;
  std::string message;  // why it failed: first mismatch, or the backend's error line
  // The campaign's coverage label of the case ("rule <op> <rule> <class>", "cell <op> <strategy> <dtype>
  // <feature>"; see campaign/scheduler.h), empty outside a campaign.
  std::string target;
  // Where a case from a case list came from (its comment: an ATK file and entry, a TTK row, a failure id), empty
  // for a generated case.
  std::string source;
};

// Host-side tensors of one run, for `repro` and `eval` (values as doubles, dense row-major).
struct CaseTensors {
  std::vector<int64_t> grad_input_shape;
  std::vector<double> impl;    // gradInput read back from the backend (empty if the call failed)
  std::vector<double> oracle;  // oracle gradInput rounded to the output dtype
  std::vector<double> bound;   // per-element tolerance bound
};

}  // namespace poolcheck
