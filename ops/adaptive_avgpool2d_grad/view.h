// An adaptive_avgpool2d_grad Case, typed: aclnnAdaptiveAvgPool2dBackward(gradOutput, self, out). Its document names
// the arguments as the 3-D entry point's does, and both take the same UB knobs: the names, the typed view and the
// knobs are the family's one spelling (ops/adaptive_avgpool3d_grad/view.h), read through here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
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

// The kernels upstream's op_api runs, by SoC, for a non-empty call whose gradOutput is not 1x1 (a 1x1 one is
// Fill x Mul on every SoC): the family's with a depth of one (Atlas A2/A3), the arch35 AdaptiveAvgPool2dGrad
// templates (Ascend950), assist matrices and two matmuls (the Atlas training/inference series), or none.
enum class KernelRoute { Family, Arch35, AssistMatmul, None };

inline KernelRoute route_on(const std::string& soc) {
  if (soc == "Ascend910B" || soc == "Ascend910_93") return KernelRoute::Family;
  if (soc == "Ascend950") return KernelRoute::Arch35;
  if (soc == "Ascend910" || soc == "Ascend310P") return KernelRoute::AssistMatmul;
  return KernelRoute::None;
}

// gradOutput's H and W are both 1 (the Fill x Mul path).
inline bool one_by_one(const TensorArg& grad_output) {
  const size_t r = grad_output.shape.size();
  return r >= 2 && grad_output.shape[r - 2] == 1 && grad_output.shape[r - 1] == 1;
}

// UB sizes (bytes; 0 = the platform's) of the routes that are not the family's kernels: Ascend950's arch35
// templates, down to where BigKernel and the small-kernel template stop being capable (SIMT takes any), and the
// Atlas training/inference series' assist matmuls, whose rows must fit whole (the platform's UB only).
inline constexpr std::array<int64_t, 5> kRegbase2dUbSizes{0, 65536, 16384, 8192, 2048};
inline constexpr std::array<int64_t, 1> kAssistUbSizes{0};

// The UB sizes a case on `soc` takes: the route's where it is not the family's, else the family's.
inline std::vector<int64_t> ub_sizes_on(const std::string& soc) {
  switch (route_on(soc)) {
    case KernelRoute::Arch35:
      return {kRegbase2dUbSizes.begin(), kRegbase2dUbSizes.end()};
    case KernelRoute::AssistMatmul:
      return {kAssistUbSizes.begin(), kAssistUbSizes.end()};
    default:
      return {kUbSizes.begin(), kUbSizes.end()};
  }
}

}  // namespace poolcheck::adaptive_avgpool2d_grad
