// A maxpool2d_mask_grad Case, typed: aclnnMaxPool2dWithMaskBackward(gradOutput, self, indices, kernelSize, stride,
// padding, dilation, ceilMode, gradInput). Its document names the arguments as aclnnMaxPool2dWithIndicesBackward's
// does, so the names and the typed view are the family's one spelling; only its indices differ (an INT8 mask, see
// family.h), and a mask has no index fault: the forward's mask is taken as it is, whatever its bits.
#pragma once

#include "case/arguments.h"
#include "ops/maxpool2d_grad/view.h"

namespace poolcheck::maxpool2d_mask_grad {

using ::poolcheck::maxpool2d_grad::kArrayNames;
using ::poolcheck::maxpool2d_grad::kCeilMode;
using ::poolcheck::maxpool2d_grad::kDilation;
using ::poolcheck::maxpool2d_grad::kGradInput;
using ::poolcheck::maxpool2d_grad::kGradOutput;
using ::poolcheck::maxpool2d_grad::kIndices;
using ::poolcheck::maxpool2d_grad::kKernelSize;
using ::poolcheck::maxpool2d_grad::kPadding;
using ::poolcheck::maxpool2d_grad::kSelf;
using ::poolcheck::maxpool2d_grad::kStride;
using ::poolcheck::maxpool2d_grad::kTensorNames;
using ::poolcheck::maxpool2d_grad::View;

inline const ArgumentNames& argument_names() {
  static const ArgumentNames names{{kGradOutput, kSelf, kIndices, kGradInput},
                                   {kKernelSize, kStride, kPadding, kDilation},
                                   {kCeilMode},
                                   {},
                                   kSelf,
                                   kGradOutput};
  return names;
}

}  // namespace poolcheck::maxpool2d_mask_grad
