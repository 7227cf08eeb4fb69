// op_api validation of the 2-D entry points that map onto MaxPool3DGradWithArgmax: aclnnMaxPool2dWithIndicesBackward
// and aclnnMaxPool2dWithMaskBackward, each per its document, in the order ops-nn's op_api checks (nulls, dtypes,
// formats and ranks, the int lists, then shapes). The problem comes out as NCDHW with D = 1, the way ops-nn's
// op_api views it before calling the 3-D kernels (kernel 1 x kH x kW, stride 1 x sH x sW, padding 0 x pH x pW).
#pragma once

#include "ops/maxpool3d_grad/validate.h"

namespace pcemu::maxpool {

enum class Pool2dEntry { Indices, Mask };
const char* pool2d_api(Pool2dEntry entry);

// The call's arguments are those of aclnnMaxPool3dWithArgmaxBackward (same names, order and types).
aclnnStatus validate_pool2d(Pool2dEntry entry, const RawArgs& a, Problem* out);

// The INT8 mask's documented shape (the forward's formula): N, C, kH*kW, (ceil(Ho*Wo/16) + 1) * 2 * 16.
int64_t mask_width(int64_t out_h, int64_t out_w);

}  // namespace pcemu::maxpool
