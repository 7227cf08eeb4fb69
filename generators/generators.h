// RapidCheck generators of Cases. The same generators drive the property tests (with shrinking) and the
// `poolcheck run` campaign (sampled from a seed), so both explore one distribution.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"

namespace poolcheck::gen {

struct GenConfig {
  // SoCs used for cases that must succeed (the emulator runs kernels there).
  std::vector<std::string> kernel_platforms{"Ascend910B", "Ascend910_93"};
  int64_t max_nc = 140;     // N*C reaches past two 64-lane blocks
  int64_t max_spatial = 9;  // per D/H/W axis of the input
  bool vary_layout = true;  // non-contiguous views, storage offsets
  bool vary_knobs = true;   // core count and UB size small enough to reach every tiling
  bool vary_data = true;    // ints / ties / special (NaN, Inf) fills
  bool boundary = false;    // valid(): a boundary-heavy case instead (generators/boundary.h)
};

}  // namespace poolcheck::gen

// Each operator's generators (ops/<token>/generator.cpp), declared for every row of the operator table:
//   gen::<token>::valid(cfg)             a case the spec calls valid
//   gen::<token>::invalid(cfg, rule_id)  a valid case mutated to violate exactly one rule; rule_id empty = any
#define POOLCHECK_OPERATOR(token, aclnn)                                             \
  namespace poolcheck::gen::token {                                                  \
  rc::Gen<Case> valid(const GenConfig& cfg = {});                                    \
  rc::Gen<Case> invalid(const GenConfig& cfg = {}, const std::string& rule_id = ""); \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR

namespace poolcheck::gen {

// Registry of generators by operator name (the CLI uses this).
rc::Gen<Case> valid_case(const std::string& op, const GenConfig& cfg = {});
rc::Gen<Case> invalid_case(const std::string& op, const GenConfig& cfg = {}, const std::string& rule_id = "");
std::vector<std::string> operators();

// RapidCheck prints generated Cases as their one-line descriptors.
}  // namespace poolcheck::gen
namespace poolcheck {
void showValue(const Case& c, std::ostream& os);
}  // namespace poolcheck
namespace poolcheck::gen {

// One draw from a generator, reproducible from (seed, size).
Case sample(const rc::Gen<Case>& g, uint64_t seed, int size = 60);

}  // namespace poolcheck::gen
