// A maxpool2d_grad Case, typed: aclnnMaxPool2dWithIndicesBackward(gradOutput, self, indices, kernelSize, stride,
// padding, dilation, ceilMode, gradInput) and max pooling's data option, the index fault. The one place these
// names are spelled; the spec rules, the generator and the adapter read and write cases through it.
#pragma once

#include <array>

#include "case/arguments.h"
#include "ops/maxpool3d_grad/view.h"

namespace poolcheck::maxpool2d_grad {

inline constexpr const char* kGradOutput = "gradOutput";
inline constexpr const char* kSelf = "self";
inline constexpr const char* kIndices = "indices";
inline constexpr const char* kGradInput = "gradInput";
inline constexpr const char* kKernelSize = "kernelSize";
inline constexpr const char* kStride = "stride";
inline constexpr const char* kPadding = "padding";
inline constexpr const char* kDilation = "dilation";
inline constexpr const char* kCeilMode = "ceilMode";
inline constexpr std::array<const char*, 4> kTensorNames{kGradOutput, kSelf, kIndices, kGradInput};
inline constexpr std::array<const char*, 4> kArrayNames{kKernelSize, kStride, kPadding, kDilation};

// The index fault is the family's data option: the same corruptions of the forward's indices.
using ::poolcheck::maxpool3d_grad::index_fault_option;
using ::poolcheck::maxpool3d_grad::IndexFault;
using ::poolcheck::maxpool3d_grad::parse_index_fault;

inline const ArgumentNames& argument_names() {
  static const ArgumentNames names{{kGradOutput, kSelf, kIndices, kGradInput},
                                   {kKernelSize, kStride, kPadding, kDilation},
                                   {kCeilMode},
                                   {index_fault_option()},
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
  const TensorArg* indices() const { return passed_tensor(kIndices); }
  const TensorArg* grad_input() const { return passed_tensor(kGradInput); }
  const IntArrayArg* kernel_size() const { return passed_array(kKernelSize); }
  const IntArrayArg* stride() const { return passed_array(kStride); }
  const IntArrayArg* padding() const { return passed_array(kPadding); }
  const IntArrayArg* dilation() const { return passed_array(kDilation); }
  bool ceil_mode() const { return scalar_or(kCeilMode, 0) != 0; }
  IndexFault index_fault() const { return parse_index_fault(option("idxfault")).value_or(IndexFault::None); }
};

class Edit : public CaseWriter {
 public:
  using CaseWriter::CaseWriter;
  TensorArg& grad_output() { return tensor(kGradOutput); }
  TensorArg& self() { return tensor(kSelf); }
  TensorArg& indices() { return tensor(kIndices); }
  TensorArg& grad_input() { return tensor(kGradInput); }
  IntArrayArg& kernel_size() { return array(kKernelSize); }
  IntArrayArg& stride() { return array(kStride); }
  IntArrayArg& padding() { return array(kPadding); }
  IntArrayArg& dilation() { return array(kDilation); }
  void set_ceil_mode(bool on) { set_scalar(kCeilMode, on ? 1 : 0); }
  void set_index_fault(IndexFault f) {
    set_option(index_fault_option(), ::poolcheck::maxpool3d_grad::index_fault_name(f));
  }
};

}  // namespace poolcheck::maxpool2d_grad
