// The Upstream profile's op_api checks of aclnnAvgPool3dBackward, in ops-nn's order
// (pooling/avg_pool3_d_grad/op_api/aclnn_avgpool3d_backward.cpp: OP_CHECK_COMM_INPUT, CheckParams, the empty
// test, CheckArrayDataAvgPoolBackWard on the filled lists, CheckOutputShape).
#pragma once

#include "ops/avgpool2d_grad/validate_3d.h"

namespace pcemu::avgpool {

// `*empty` is set when gradOutput has no element (ops-nn then succeeds without a kernel, before any value or
// gradOutput shape check). Otherwise the Problem is filled as the l0 op AvgPool3DGrad receives it (its
// divisorOverride an int).
aclnnStatus validate_3d_upstream(const RawArgs3d& a, Problem* pr, bool* empty);

}  // namespace pcemu::avgpool
