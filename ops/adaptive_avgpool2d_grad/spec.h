// The documented contract of aclnnAdaptiveAvgPool2dBackward (seed doc 008): the adaptive family's rules
// (ops/adaptive_avgpool3d_grad/spec_document.h) read with this document's facts and words.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::spec::adaptive_avgpool2d_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  bool batched = true;  // 4-D (N,C,H,W) when true, else 3-D (C,H,W)
  int64_t n = 1, c = 1;
  std::array<int64_t, 2> in_dims{1, 1};   // self (and out) H, W
  std::array<int64_t, 2> out_dims{1, 1};  // gradOutput H, W: the adaptive output size (may exceed in_dims)
  Format format = Format::ND;             // ND, NCHW or NCL, the same on every tensor
};

// A valid, contiguous case in API order: gradOutput (N,C,out_dims), self and out (N,C,in_dims). Throws
// std::invalid_argument when a dim is < 1.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::adaptive_avgpool2d_grad
