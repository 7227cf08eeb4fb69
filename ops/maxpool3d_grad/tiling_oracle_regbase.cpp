#include "ops/maxpool3d_grad/tiling_oracle_internal.h"

namespace poolcheck::tiling_oracle::maxpool3d_grad {

TilingVerdict regbase_decision(const Case&, const PlatformNumbers&) { return {std::nullopt, "not stated"}; }

}  // namespace poolcheck::tiling_oracle::maxpool3d_grad
