// An adaptive_avgpool3d_grad Case, typed: aclnnAdaptiveAvgPool3dBackward(gradOutput, self, out). The one place
// these names are spelled; the spec rules, the generator and the adapter read and write cases through it.
#pragma once

#include <array>
#include <cstdint>

#include "case/arguments.h"

namespace poolcheck::adaptive_avgpool3d_grad {

// The documented argument names, in API order: the one place they are spelled.
inline constexpr const char* kGradOutput = "gradOutput";
inline constexpr const char* kSelf = "self";
inline constexpr const char* kOut = "out";
inline constexpr std::array<const char*, 3> kTensorNames{kGradOutput, kSelf, kOut};

// Unified-buffer sizes (bytes; 0 = the platform's) the emulator's tiling takes for every valid case: the
// generator draws a case's from them, and the runner's determinism rerun picks another.
inline constexpr std::array<int64_t, 6> kUbSizes{0, 65536, 8192, 2048, 1024, 512};

inline const ArgumentNames& argument_names() {
  static const ArgumentNames names{{kGradOutput, kSelf, kOut}, {}, {}, {}, kSelf, kGradOutput};
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
