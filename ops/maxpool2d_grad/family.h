// aclnnMaxPool2dWithIndicesBackward on its kernel family: the 3-D max-pool-with-argmax problem with a depth axis
// of one, as upstream's op_api runs it on Atlas A2/A3. The family's generators draw its cases, and the family's
// reference and tiling statement judge them, through this mapping.
#pragma once

#include "case/depth_axis.h"
#include "ops/maxpool2d_grad/view.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::maxpool2d_grad {

inline const DepthAxisMapping& family() {
  namespace fam = ::poolcheck::maxpool3d_grad;
  static const DepthAxisMapping m{
      "maxpool2d_grad",
      "maxpool3d_grad",
      {{kGradOutput, fam::kGradOutput}, {kSelf, fam::kSelf}, {kIndices, fam::kIndices}, {kGradInput, fam::kGradInput}},
      {{kKernelSize, fam::kKernelSize, 1},
       {kStride, fam::kStride, 1},
       {kPadding, fam::kPadding, 0},
       {kDilation, fam::kDilation, 1}},
      {{kCeilMode, fam::kCeilMode}}};
  return m;
}

}  // namespace poolcheck::maxpool2d_grad
