// The tiling decision of adaptive_avgpool3d_grad's kernels, stated from upstream's selection rules (tiling_oracle/).
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::adaptive_avgpool3d_grad {

TilingVerdict expected_tiling(const Case&, const PlatformNumbers&) { return {std::nullopt, "not stated"}; }

}  // namespace poolcheck::tiling_oracle::adaptive_avgpool3d_grad
