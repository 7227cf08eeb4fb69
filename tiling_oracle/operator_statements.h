// Each operator's statement of its tiling rules (ops/<token>/tiling_oracle*.cpp), one per row of the operator
// table: the decision for a case the spec calls valid, on the platform numbers the case runs with, and the knob
// thresholds of that decision for the case's shape (tiling_oracle/thresholds.h).
#pragma once

#include <vector>

#include "tiling_oracle/expected_tiling.h"
#include "tiling_oracle/thresholds.h"

#define POOLCHECK_OPERATOR(token, aclnn)                                                    \
  namespace poolcheck::tiling_oracle::token {                                               \
  TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform);            \
  std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform); \
  }
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
