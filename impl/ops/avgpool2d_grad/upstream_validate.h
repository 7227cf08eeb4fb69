// The Upstream profile's op_api checks of aclnnAvgPool2dBackward, in ops-nn's order
// (pooling/avg_pool3_d_grad/op_api/aclnn_avgpool2d_backward.cpp, CheckParams, before CREATE_EXECUTOR).
#pragma once

#include "ops/avgpool2d_grad/validate.h"

namespace pcemu::avgpool {

// CheckParams, then the empty-tensor test: `*empty` is set when gradOutput, self or gradInput has no element
// (ops-nn then succeeds without a kernel). The Problem is filled from self (N, C, H, W) and gradOutput
// (Ho, Wo, dtype); its stride is the kernel when stride is null or empty.
aclnnStatus validate_upstream(const RawArgs& a, Problem* pr, bool* empty);

}  // namespace pcemu::avgpool
