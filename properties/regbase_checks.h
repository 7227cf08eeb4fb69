// The comparisons of the Ascend950 properties (maxpool3d_grad_regbase_test.cpp): two runs of one case under
// different platforms, flags or index dtypes, compared element by element. Each returns the first difference,
// starting with the name of the check ("invariance:", "launch:", "bits:", "index dtype:"), or nullopt.
#pragma once

#include <optional>
#include <string>

#include "case/case.h"
#include "case/result.h"
#include "harness/runner.h"

namespace poolcheck::regbase_checks {

// One run of a case without the determinism rerun, its output values and the oracle's bounds.
struct RunResult {
  CaseResult r;
  CaseTensors t;
};
RunResult run(const Case& c);
// The same case with gradOutput element 0 one larger (a control's other data).
RunResult run_with_changed_gradient(const Case& c);

// Whether the A2 run of `a2` and a run on Ascend950 must agree bit for bit: both deterministic (the 950 kernels
// always are; A2 in deterministic mode without atomics) and no gradInput element sums more than two gradients
// (at_most_two_terms: the two platforms add in different orders).
bool bitwise_across_platforms(const Case& a2, const RunResult& a2_run);

// The two runs' outputs: the same bits (`bitwise`), else each within its tolerance bound of the oracle, so
// within the sum of the two bounds of each other.
std::optional<std::string> invariance_violation(const CaseTensors& first, const CaseTensors& second, bool bitwise);
// The same launch information (strategy, key, tiling text, blocks, UB high water, atomics, workspace), then the
// same bits.
std::optional<std::string> same_run(const RunResult& first, const RunResult& second);
// Whether no gradInput element of the case sums more than two gradients: then the sums cannot depend on their
// order (IEEE addition is commutative).
bool at_most_two_terms(const Case& c);

// Whether INT32 and INT64 indices gave the same plan: the same strategy, key, blocks and tiling text but for the
// index width and the UB use it changes (the "index=" and "ub=" fields). The index width enters the SIMD tiling's
// UB budget, so it may move a tile boundary, and a tile boundary the order of the fp32 sums.
bool same_plan_but_index_width(const CaseResult& int32_run, const CaseResult& int64_run);

// INT32 and INT64 indices: the same bits (`bitwise`: the same plan, or two terms at most), else within the sum
// of the two tolerance bounds.
std::optional<std::string> index_dtype_violation(const CaseTensors& int32_run, const CaseTensors& int64_run,
                                                 bool bitwise);

}  // namespace poolcheck::regbase_checks
