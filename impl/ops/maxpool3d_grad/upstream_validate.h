// The Upstream profile's op_api checks of aclnnMaxPool3dWithArgmaxBackward, in ops-nn's order
// (pooling/max_pool3d_grad_with_argmax/op_api/aclnn_max_pool3d_with_argmax_backward.cpp, CheckParams),
// and the checks ops-nn leaves to the A2 host tiling (op_host/max_pool3d_grad_with_argmax_tiling_base.cpp).
#pragma once

#include "ops/maxpool3d_grad/validate.h"

namespace pcemu::maxpool {

// CheckParams, then the empty-tensor test: `*empty` is set when gradOutput, self or indices has no element
// (ops-nn then succeeds without a kernel). The Problem is filled as far as the op_api knows it.
aclnnStatus validate_upstream(const RawArgs& a, Problem* pr, bool* empty);

// GetShapeAttrsInfo of the A2 tiling (GRAPH_FAILED there): gradOutput 5-D after the view self's rank chose,
// N and C of gradOutput equal self's, gradOutput D/H/W equal the dilated output size.
aclnnStatus check_tiling_inputs_upstream(const RawArgs& a, const Problem& pr);

}  // namespace pcemu::maxpool
