// The Upstream profile's op_api checks of aclnnAdaptiveAvgPool2dBackward, in ops-nn's order
// (pooling/adaptive_avg_pool2d_grad/op_api/aclnn_adaptive_avg_pool2d_backward.cpp, CheckParams).
#pragma once

#include "ops/adaptive_avgpool3d_grad/validate.h"

namespace pcemu::adaptive {

// CheckParams, then the empty-tensor test (`*empty`: self or gradOutput has a zero dim). The Problem is
// filled from self and gradOutput with out as the destination; out's H, W and dtype are not compared here
// (ops-nn never does in its checks: see upstream_pool2d_op_api.cpp).
aclnnStatus validate_2d_upstream(const RawArgs& a, Problem* pr, bool* empty);

}  // namespace pcemu::adaptive
