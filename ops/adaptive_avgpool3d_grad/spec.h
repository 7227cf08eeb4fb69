// The documented contract of aclnnAdaptiveAvgPool3dBackward (seed doc 002).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::spec::adaptive_avgpool3d_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  bool batched = true;  // 5-D (N,C,D,H,W) when true, else 4-D (C,D,H,W)
  int64_t n = 1, c = 1;
  std::array<int64_t, 3> in_dims{1, 1, 1};   // self (and out) D, H, W
  std::array<int64_t, 3> out_dims{1, 1, 1};  // gradOutput D, H, W: the adaptive output size (may exceed in_dims)
  Format format = Format::ND;                // ND or NCDHW, the same on every tensor
};

// A valid, contiguous case in API order: gradOutput (N,C,out_dims), self and out (N,C,in_dims); no int arrays and
// no scalars. Throws std::invalid_argument when a dim (n, c, in_dims, out_dims) is < 1.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::adaptive_avgpool3d_grad
