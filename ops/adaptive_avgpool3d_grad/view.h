// An adaptive_avgpool3d_grad Case, typed: aclnnAdaptiveAvgPool3dBackward(gradOutput, self, out). The one place
// these names are spelled; the spec rules, the generator and the adapter read and write cases through it.
#pragma once

#include <array>

#include "case/arguments.h"

namespace poolcheck::adaptive_avgpool3d_grad {

// The documented argument names, in API order: the one place they are spelled.
inline constexpr const char* kGradOutput = "gradOutput";
inline constexpr const char* kSelf = "self";
inline constexpr const char* kOut = "out";
inline constexpr std::array<const char*, 3> kTensorNames{kGradOutput, kSelf, kOut};

inline const ArgumentNames& argument_names() {
  static const ArgumentNames names{{kGradOutput, kSelf, kOut}, {}, {}, {}};
  return names;
}

class View : public CaseReader {
 public:
  using CaseReader::CaseReader;
  // nullptr when the case passes nullptr.
  const TensorArg* grad_output() const { return passed_tensor(kGradOutput); }
  const TensorArg* self() const { return passed_tensor(kSelf); }
  const TensorArg* out() const { return passed_tensor(kOut); }
};

class Edit : public CaseWriter {
 public:
  using CaseWriter::CaseWriter;
  TensorArg& grad_output() { return tensor(kGradOutput); }
  TensorArg& self() { return tensor(kSelf); }
  TensorArg& out() { return tensor(kOut); }
};

}  // namespace poolcheck::adaptive_avgpool3d_grad
