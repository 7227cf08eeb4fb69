// A maxpool3d_grad Case, typed: aclnnMaxPool3dWithArgmaxBackward(gradOutput, self, indices, kernelSize, stride,
// padding, dilation, ceilMode, gradInput) and max pooling's own data option, the index fault. The one place
// these names are spelled; the spec rules, the generator and the adapter read and write cases through it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "case/arguments.h"

namespace poolcheck::maxpool3d_grad {

// The documented argument names, in API order: the one place they are spelled.
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

// Unified-buffer sizes (bytes; 0 = the platform's) the emulator's tiling takes for every valid case: the
// generator draws an A2/A3 case's from them, and the runner's determinism rerun picks another. From the
// profile's 192 KiB down to sizes where Normal's smallest tile no longer fits and Scatter takes over (CutK runs
// only on its whitelisted geometry, at the profile's UB).
inline constexpr std::array<int64_t, 7> kUbSizes{0, 65536, 16384, 6144, 3072, 1024, 512};
inline constexpr std::array<const char*, 4> kArrayNames{kKernelSize, kStride, kPadding, kDilation};

// Deliberate corruption of the indices after the forward produced them (an Execute-phase error per the docs).
// The two INT64 faults keep the true index in the low 32 bits, so that only a library reading all 64 bits sees
// them: HighWord adds a multiple of 2^32, NegativeWrap subtracts one (a negative index whose low word is valid).
// An INT32 indices tensor cannot hold them and gets an out-of-plane index instead.
enum class IndexFault : int8_t { None, OutOfWindow, OutOfPlane, Negative, HighWord, NegativeWrap };

inline const OptionName& index_fault_option() {
  static const OptionName o{"idxfault", {"none", "oow", "oop", "neg", "hiword", "negwrap"}};
  return o;
}
inline const char* index_fault_name(IndexFault f) {
  return index_fault_option().values[static_cast<size_t>(f)].c_str();
}
inline std::optional<IndexFault> parse_index_fault(const std::string& word) {
  const auto& words = index_fault_option().values;
  for (size_t i = 0; i < words.size(); ++i)
    if (words[i] == word) return static_cast<IndexFault>(i);
  return std::nullopt;
}

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
  void set_index_fault(IndexFault f) { set_option(index_fault_option(), index_fault_name(f)); }
};

// INT64 indices carrying the wide fault `f` (HighWord, NegativeWrap): what those index-rule classes make.
inline bool carries_wide_index_fault(const Case& c, IndexFault f) {
  const View v(c);
  return v.indices() && v.indices()->dtype == DType::I64 && v.index_fault() == f;
}

}  // namespace poolcheck::maxpool3d_grad
