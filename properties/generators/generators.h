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
  // SoCs also used for failure-path cases.
  std::vector<std::string> all_platforms{"Ascend910B", "Ascend910_93", "Ascend950",
                                         "Ascend310B", "Ascend310P",   "Ascend910"};
  int64_t max_nc = 140;     // N*C reaches past two 64-lane blocks
  int64_t max_spatial = 9;  // per D/H/W axis of the input
  bool vary_layout = true;  // non-contiguous views, storage offsets
  bool vary_knobs = true;   // core count and UB size small enough to reach every tiling
  bool vary_data = true;    // ints / ties / special (NaN, Inf) fills
};

// A valid aclnnMaxPool3dWithArgmaxBackward case (spec::expected == success).
rc::Gen<Case> valid_max_pool3d_grad(const GenConfig& cfg = {});
// A valid case mutated to violate exactly one rule of the spec; `rule_id` empty = any rule.
rc::Gen<Case> invalid_max_pool3d_grad(const GenConfig& cfg = {}, const std::string& rule_id = "");

// A valid aclnnAvgPool2dBackward case, reaching the Global, Cube and Vector paths.
rc::Gen<Case> valid_avg_pool2d_grad(const GenConfig& cfg = {});
rc::Gen<Case> invalid_avg_pool2d_grad(const GenConfig& cfg = {}, const std::string& rule_id = "");

// A valid aclnnAdaptiveAvgPool3dBackward case: divisible, non-divisible and upsampling sizes, 1x1x1 outputs,
// N*C on both sides of the small/large threshold, every documented platform.
rc::Gen<Case> valid_adaptive_avg_pool3d_grad(const GenConfig& cfg = {});
rc::Gen<Case> invalid_adaptive_avg_pool3d_grad(const GenConfig& cfg = {}, const std::string& rule_id = "");

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
