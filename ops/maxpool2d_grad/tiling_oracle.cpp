// The tiling decision of aclnnMaxPool2dWithIndicesBackward: on Atlas A2/A3 upstream's op_api runs the 3-D max-pool
// templates with a depth of one, so the family's statement judges the lifted case. On Ascend950 upstream runs
// MaxPoolGradWithArgmaxV3's arch35 kernels, whose selection rules are not stated here: no decision, said so.
#include "ops/maxpool2d_grad/family.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::maxpool2d_grad {

namespace {

constexpr const char* kNoRegbaseStatement =
    "Ascend950 runs ops-nn's MaxPoolGradWithArgmaxV3 kernels for this entry point; their tiling is not stated";

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  if (platform.regbase) return {std::nullopt, kNoRegbaseStatement, true};
  return maxpool3d_grad::expected_tiling(with_depth_axis(c, ::poolcheck::maxpool2d_grad::family()), platform);
}

std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  if (platform.regbase) return {};
  return maxpool3d_grad::tiling_thresholds(with_depth_axis(c, ::poolcheck::maxpool2d_grad::family()), platform);
}

}  // namespace poolcheck::tiling_oracle::maxpool2d_grad
