// A maxpool2d_grad Case, typed: aclnnMaxPool2dWithIndicesBackward(gradOutput, self, indices, kernelSize, stride,
// padding, dilation, ceilMode, gradInput). Its document names the arguments as the 3-D entry point's does, and the
// data option (the index fault) is the family's: the names, the typed view and the option are the family's one
// spelling (ops/maxpool3d_grad/view.h), which the spec rules, the generator and the adapter read through here.
#pragma once

#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::maxpool2d_grad {

using ::poolcheck::maxpool3d_grad::argument_names;
using ::poolcheck::maxpool3d_grad::carries_wide_index_fault;
using ::poolcheck::maxpool3d_grad::Edit;
using ::poolcheck::maxpool3d_grad::index_fault_option;
using ::poolcheck::maxpool3d_grad::IndexFault;
using ::poolcheck::maxpool3d_grad::kArrayNames;
using ::poolcheck::maxpool3d_grad::kCeilMode;
using ::poolcheck::maxpool3d_grad::kDilation;
using ::poolcheck::maxpool3d_grad::kGradInput;
using ::poolcheck::maxpool3d_grad::kGradOutput;
using ::poolcheck::maxpool3d_grad::kIndices;
using ::poolcheck::maxpool3d_grad::kKernelSize;
using ::poolcheck::maxpool3d_grad::kPadding;
using ::poolcheck::maxpool3d_grad::kSelf;
using ::poolcheck::maxpool3d_grad::kStride;
using ::poolcheck::maxpool3d_grad::kTensorNames;
using ::poolcheck::maxpool3d_grad::View;

}  // namespace poolcheck::maxpool2d_grad
