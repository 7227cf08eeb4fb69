// aclnnAdaptiveAvgPool2dBackward on its kernel family: the 3-D adaptive problem with a depth axis of one, as
// upstream's op_api runs it on Atlas A2/A3 (self as (N, C, 1, H, W), gradOutput as (N, C, 1, Ho, Wo)). The family's
// generators draw its cases, and the family's reference judges them, through this mapping. The entry point has no
// list or scalar arguments: only the tensors map.
#pragma once

#include "case/depth_axis.h"
#include "ops/adaptive_avgpool2d_grad/view.h"

namespace poolcheck::adaptive_avgpool2d_grad {

inline const DepthAxisMapping& family() {
  static const DepthAxisMapping m{"adaptive_avgpool2d_grad",
                                  "adaptive_avgpool3d_grad",
                                  {{kGradOutput, kGradOutput}, {kSelf, kSelf}, {kOut, kOut}},
                                  {},
                                  {}};
  return m;
}

}  // namespace poolcheck::adaptive_avgpool2d_grad
