// The Ascend 950 half of aclnnAdaptiveAvgPool2dBackward's tiling statement (tiling_oracle_regbase2d.cpp): the
// arch35 AdaptiveAvgPool2dGrad templates, which the op_api runs there for every call that is not Fill x Mul.
#pragma once

#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad {

// The template, key and tiling fields for a valid, non-empty call whose gradOutput is not 1x1.
TilingVerdict regbase2d_decision(const Case& c, const PlatformNumbers& platform);

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad
