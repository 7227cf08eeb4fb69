// The tiling decision of avgpool2d_grad's kernels, stated from upstream's selection rules (tiling_oracle/).
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::avgpool2d_grad {

TilingVerdict expected_tiling(const Case&, const PlatformNumbers&) { return {std::nullopt, "not stated"}; }

}  // namespace poolcheck::tiling_oracle::avgpool2d_grad
