// An adaptive_avgpool2d_grad Case, typed: aclnnAdaptiveAvgPool2dBackward(gradOutput, self, out). Its document names
// the arguments as the 3-D entry point's does, and both take the same UB knobs: the names, the typed view and the
// knobs are the family's one spelling (ops/adaptive_avgpool3d_grad/view.h), read through here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

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

// UB sizes (bytes; 0 = the platform's) of the routes that are not the family's kernels: Ascend950's arch35
// templates, down to where BigKernel and the small-kernel template stop being capable (SIMT takes any), and the
// Atlas training/inference series' assist matmuls, whose rows must fit whole (the platform's UB only).
inline constexpr std::array<int64_t, 5> kRegbase2dUbSizes{0, 65536, 16384, 8192, 2048};
inline constexpr std::array<int64_t, 1> kAssistUbSizes{0};

// The UB sizes a case on `soc` takes: the route's where it is not the family's, else the family's.
inline std::vector<int64_t> ub_sizes_on(const std::string& soc) {
  if (soc == "Ascend950") return {kRegbase2dUbSizes.begin(), kRegbase2dUbSizes.end()};
  if (soc == "Ascend910" || soc == "Ascend310P") return {kAssistUbSizes.begin(), kAssistUbSizes.end()};
  return {kUbSizes.begin(), kUbSizes.end()};
}

}  // namespace poolcheck::adaptive_avgpool2d_grad
