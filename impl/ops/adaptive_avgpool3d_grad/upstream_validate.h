// The Upstream profile's op_api checks of aclnnAdaptiveAvgPool3dBackward, in ops-nn's order
// (pooling/adaptive_avg_pool3d_grad/op_api/aclnn_adaptive_avg_pool3d_backward.cpp, OP_CHECK_COMM_INPUT and
// CheckParams).
#pragma once

#include "ops/adaptive_avgpool3d_grad/validate.h"

namespace pcemu::adaptive {

// The checks, then the empty-tensor test: `*empty` is set when self or gradOutput has no element (reachable
// on Ascend 950 only, where self's N may be 0). The Problem is filled from self and gradOutput; its dtype
// may be ACL_DOUBLE.
aclnnStatus validate_upstream(const RawArgs& a, Problem* pr, bool* empty);

}  // namespace pcemu::adaptive
