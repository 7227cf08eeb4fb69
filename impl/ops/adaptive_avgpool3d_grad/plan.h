// The executor's work for a planned call of the family: both entry points (3-D, and 2-D with D = 1) hand
// out this plan.
#pragma once

#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/adaptive_avgpool3d_grad/tiling.h"
#include "ops/common/op_plan.h"

namespace pcemu::adaptive {

Plan make_plan(const Problem& pr, const Tiling& t, bool deterministic);

}  // namespace pcemu::adaptive
