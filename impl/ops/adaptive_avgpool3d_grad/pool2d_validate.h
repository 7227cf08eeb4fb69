// op_api parameter validation of aclnnAdaptiveAvgPool2dBackward, its document's rules in its order, then
// what the emulator needs of `out` (the document states no rule for it).
#pragma once

#include <string>

#include "aclnn/acl_meta.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/adaptive_avgpool3d_grad/validate.h"

namespace pcemu::adaptive {

inline constexpr const char* kApi2d = "aclnnAdaptiveAvgPool2dBackward";

// On success `pr` holds the call as the family's problem with D = 1; `empty` is set when self or gradOutput
// has a zero dim (nothing to compute).
aclnnStatus validate_2d(const RawArgs& a, Problem* pr, bool* empty);

// The SoCs the document lists (Ascend 950, A2, A3, Atlas inference and training series).
bool documented_soc_2d(const std::string& soc);

// The call as the family's problem with D = 1 (N = 1 for CHW), out as the gradient's destination.
void describe_2d(const RawArgs& a, Problem* pr);

}  // namespace pcemu::adaptive
