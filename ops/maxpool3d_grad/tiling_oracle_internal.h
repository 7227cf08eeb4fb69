// The two kernel families of max pooling's tiling statement: the A2/A3 templates (Normal, CutK, Scatter) and the
// Ascend 950 ones (SIMD, SIMT).
#pragma once

#include <vector>

#include "tiling_oracle/expected_tiling.h"
#include "tiling_oracle/thresholds.h"

namespace poolcheck::tiling_oracle::maxpool3d_grad {

TilingVerdict a2_decision(const Case& c, const PlatformNumbers& platform);
TilingVerdict regbase_decision(const Case& c, const PlatformNumbers& platform);
std::vector<Threshold> a2_thresholds(const Case& c, const PlatformNumbers& platform);
std::vector<Threshold> regbase_thresholds(const Case& c, const PlatformNumbers& platform);

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad
