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

class View : public CaseReader {
 public:
  using CaseReader::CaseReader;
  // nullptr when the case passes nullptr.
  const TensorArg* grad_output() const { return passed_tensor(kGradOutput); }
  const TensorArg* self() const { return passed_tensor(kSelf); }
  const TensorArg* output() const { return passed_tensor(kOutput); }
  const IntArrayArg* kernel_size() const { return passed_array(kKernelSize); }
  const IntArrayArg* stride() const { return passed_array(kStride); }
  const IntArrayArg* padding() const { return passed_array(kPadding); }
  bool ceil_mode() const { return scalar_or(kCeilMode, 0) != 0; }
  // A descriptor without countIncludePad means false, as the document's call example passes it.
  bool count_include_pad() const { return scalar_or(kCountIncludePad, 0) != 0; }
  int64_t divisor_override() const { return scalar_or(kDivisorOverride, 0); }
};

class Edit : public CaseWriter {
 public:
  using CaseWriter::CaseWriter;
  TensorArg& grad_output() { return tensor(kGradOutput); }
  TensorArg& self() { return tensor(kSelf); }
  TensorArg& output() { return tensor(kOutput); }
  IntArrayArg& kernel_size() { return array(kKernelSize); }
  IntArrayArg& stride() { return array(kStride); }
  IntArrayArg& padding() { return array(kPadding); }
  void set_ceil_mode(bool on) { set_scalar(kCeilMode, on ? 1 : 0); }
  void set_count_include_pad(bool on) { set_scalar(kCountIncludePad, on ? 1 : 0); }
  void set_divisor_override(int64_t d) { set_scalar(kDivisorOverride, d); }
};

}  // namespace poolcheck::avgpool3d_grad
