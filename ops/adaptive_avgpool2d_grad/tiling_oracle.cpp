// The tiling decision of aclnnAdaptiveAvgPool2dBackward: on Atlas A2/A3 upstream's op_api runs the 3-D adaptive
// templates with a depth of one (and the Fill x Mul path for a 1x1 gradOutput), so the family's statement judges the
// lifted case. Elsewhere upstream runs other kernels whose selection is not stated here: no decision, said so.
#include "ops/adaptive_avgpool2d_grad/family.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad {

namespace {

bool family_route(const Case& c) { return c.platform == "Ascend910B" || c.platform == "Ascend910_93"; }

constexpr const char* kNotStated =
    "upstream runs the AdaptiveAvgPool2dGrad arch35 kernels (Ascend950) or assist matmuls (Atlas training/inference) "
    "for this entry point; their selection is not stated";

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  if (!family_route(c)) return {std::nullopt, kNotStated, true};
  return adaptive_avgpool3d_grad::expected_tiling(with_depth_axis(c, ::poolcheck::adaptive_avgpool2d_grad::family()),
                                                  platform);
}

std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  if (!family_route(c)) return {};
  return adaptive_avgpool3d_grad::tiling_thresholds(with_depth_axis(c, ::poolcheck::adaptive_avgpool2d_grad::family()),
                                                    platform);
}

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool2d_grad
