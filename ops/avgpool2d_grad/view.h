// An avgpool2d_grad Case, typed: aclnnAvgPool2dBackward(gradOutput, self, kernelSize, stride, padding, ceilMode,
// countIncludePad, divisorOverride, cubeMathType, gradInput). The one place these names are spelled; the spec
// rules, the generator and the adapter read and write cases through it.
#pragma once

#include <array>
#include <cstdint>

#include "case/arguments.h"

namespace poolcheck::avgpool2d_grad {

// The documented argument names, in API order: the one place they are spelled.
inline constexpr const char* kGradOutput = "gradOutput";
inline constexpr const char* kSelf = "self";
inline constexpr const char* kGradInput = "gradInput";
inline constexpr const char* kKernelSize = "kernelSize";
inline constexpr const char* kStride = "stride";
inline constexpr const char* kPadding = "padding";
inline constexpr const char* kCeilMode = "ceilMode";
inline constexpr const char* kCountIncludePad = "countIncludePad";
inline constexpr const char* kDivisorOverride = "divisorOverride";
inline constexpr const char* kCubeMathType = "cubeMathType";
inline constexpr std::array<const char*, 3> kTensorNames{kGradOutput, kSelf, kGradInput};

// Unified-buffer sizes (bytes; 0 = the platform's) the emulator's tiling takes for every valid case: the
// generator draws a case's from them, and the runner's determinism rerun picks another.
inline constexpr std::array<int64_t, 6> kUbSizes{0, 65536, 16384, 4096, 1024, 512};
inline constexpr std::array<const char*, 3> kArrayNames{kKernelSize, kStride, kPadding};

inline const ArgumentNames& argument_names() {
  static const ArgumentNames names{{kGradOutput, kSelf, kGradInput},
                                   {kKernelSize, kStride, kPadding},
                                   {kCeilMode, kCountIncludePad, kDivisorOverride, kCubeMathType},
                                   {},
                                   kSelf,
                                   kGradOutput};
  return names;
}

// What both average entry points' calls hold (aclnnAvgPool3dBackward's view adds its own result).
class PoolView : public CaseReader {
 public:
  using CaseReader::CaseReader;
  // nullptr when the case passes nullptr.
  const TensorArg* grad_output() const { return passed_tensor(kGradOutput); }
  const TensorArg* self() const { return passed_tensor(kSelf); }
  const IntArrayArg* kernel_size() const { return passed_array(kKernelSize); }
  const IntArrayArg* stride() const { return passed_array(kStride); }
  const IntArrayArg* padding() const { return passed_array(kPadding); }
  bool ceil_mode() const { return scalar_or(kCeilMode, 0) != 0; }
  int64_t divisor_override() const { return scalar_or(kDivisorOverride, 0); }
};

class PoolEdit : public CaseWriter {
 public:
  using CaseWriter::CaseWriter;
  TensorArg& grad_output() { return tensor(kGradOutput); }
  TensorArg& self() { return tensor(kSelf); }
  IntArrayArg& kernel_size() { return array(kKernelSize); }
  IntArrayArg& stride() { return array(kStride); }
  IntArrayArg& padding() { return array(kPadding); }
  void set_ceil_mode(bool on) { set_scalar(kCeilMode, on ? 1 : 0); }
  void set_count_include_pad(bool on) { set_scalar(kCountIncludePad, on ? 1 : 0); }
  void set_divisor_override(int64_t d) { set_scalar(kDivisorOverride, d); }
};

class View : public PoolView {
 public:
  using PoolView::PoolView;
  const TensorArg* grad_input() const { return passed_tensor(kGradInput); }
  // A descriptor without countIncludePad means true, as the call example passes it.
  bool count_include_pad() const { return scalar_or(kCountIncludePad, 1) != 0; }
  int64_t cube_math_type() const { return scalar_or(kCubeMathType, 0); }
};

class Edit : public PoolEdit {
 public:
  using PoolEdit::PoolEdit;
  TensorArg& grad_input() { return tensor(kGradInput); }
  void set_cube_math_type(int64_t t) { set_scalar(kCubeMathType, t); }
};

}  // namespace poolcheck::avgpool2d_grad
