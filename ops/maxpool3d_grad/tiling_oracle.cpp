// The tiling decision of max pooling's kernels, stated from upstream's selection rules (tiling_oracle/): the
// arch35 templates on Ascend 950, the arch22 ones elsewhere.
#include "ops/maxpool3d_grad/tiling_oracle_internal.h"

namespace poolcheck::tiling_oracle::maxpool3d_grad {

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  return platform.regbase ? regbase_decision(c, platform) : a2_decision(c, platform);
}

std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  return platform.regbase ? regbase_thresholds(c, platform) : a2_thresholds(c, platform);
}

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad
