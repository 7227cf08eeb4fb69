// An avgpool3d_grad Case, typed: aclnnAvgPool3dBackward(gradOutput, self, kernelSize, stride, padding, ceilMode,
// countIncludePad, divisorOverride, output). The spec, the generator, the adapter and the tiling statement read and
// write cases through it. Its call is the 2-D entry point's without cubeMathType, with three values per list
// and its result named `output`.
#pragma once

#include <array>
#include <cstdint>

#include "case/arguments.h"
#include "ops/avgpool2d_grad/view.h"

namespace poolcheck::avgpool3d_grad {

// The argument names it shares with the 2-D entry point are the family's one spelling; its result is its own.
using ::poolcheck::avgpool2d_grad::kCeilMode;
using ::poolcheck::avgpool2d_grad::kCountIncludePad;
using ::poolcheck::avgpool2d_grad::kDivisorOverride;
using ::poolcheck::avgpool2d_grad::kGradOutput;
using ::poolcheck::avgpool2d_grad::kKernelSize;
using ::poolcheck::avgpool2d_grad::kPadding;
using ::poolcheck::avgpool2d_grad::kSelf;
using ::poolcheck::avgpool2d_grad::kStride;
inline constexpr const char* kOutput = "output";
inline constexpr std::array<const char*, 3> kTensorNames{kGradOutput, kSelf, kOutput};
inline constexpr std::array<const char*, 3> kArrayNames{kKernelSize, kStride, kPadding};

// Unified-buffer sizes (bytes; 0 = the platform's) the vector kernel's tiling takes for every valid case: the
// family's, since both entry points run the same AvgPool3DGrad tiling.
using ::poolcheck::avgpool2d_grad::kUbSizes;

inline const ArgumentNames& argument_names() {
  static const ArgumentNames names{{kGradOutput, kSelf, kOutput},
                                   {kKernelSize, kStride, kPadding},
                                   {kCeilMode, kCountIncludePad, kDivisorOverride},
                                   {},
                                   kSelf,
                                   kGradOutput};
  return names;
}

class View : public ::poolcheck::avgpool2d_grad::PoolView {
 public:
  using PoolView::PoolView;
  const TensorArg* output() const { return passed_tensor(kOutput); }
  // A descriptor without countIncludePad means false, as the document's call example passes it.
  bool count_include_pad() const { return scalar_or(kCountIncludePad, 0) != 0; }
};

class Edit : public ::poolcheck::avgpool2d_grad::PoolEdit {
 public:
  using PoolEdit::PoolEdit;
  TensorArg& output() { return tensor(kOutput); }
};

}  // namespace poolcheck::avgpool3d_grad
