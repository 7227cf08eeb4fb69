// An adaptive_avgpool2d_grad Case, typed: aclnnAdaptiveAvgPool2dBackward(gradOutput, self, out). Its document names
// the arguments as the 3-D entry point's does, and both take the same UB knobs: the names, the typed view and the
// knobs are the family's one spelling (ops/adaptive_avgpool3d_grad/view.h), read through here.
#pragma once

#include "ops/adaptive_avgpool3d_grad/view.h"

namespace poolcheck::adaptive_avgpool2d_grad {

using ::poolcheck::adaptive_avgpool3d_grad::argument_names;
using ::poolcheck::adaptive_avgpool3d_grad::Edit;
using ::poolcheck::adaptive_avgpool3d_grad::kGradOutput;
using ::poolcheck::adaptive_avgpool3d_grad::kOut;
using ::poolcheck::adaptive_avgpool3d_grad::kSelf;
using ::poolcheck::adaptive_avgpool3d_grad::kTensorNames;
using ::poolcheck::adaptive_avgpool3d_grad::kUbSizes;
using ::poolcheck::adaptive_avgpool3d_grad::View;

}  // namespace poolcheck::adaptive_avgpool2d_grad
