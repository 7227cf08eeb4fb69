// The tiling decision of aclnnAvgPool3dBackward's kernel: not stated yet in this commit; the statement written from
// upstream's op_host (the family's vector tiling with its depth axis) replaces this.
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::avgpool3d_grad {

TilingVerdict expected_tiling(const Case&, const PlatformNumbers&) {
  TilingVerdict v;
  v.no_decision = "the AvgPool3DGrad statement with a depth axis is not written yet";
  return v;
}

std::vector<Threshold> tiling_thresholds(const Case&, const PlatformNumbers&) { return {}; }

}  // namespace poolcheck::tiling_oracle::avgpool3d_grad
