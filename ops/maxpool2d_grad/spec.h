// The documented contract of aclnnMaxPool2dWithIndicesBackward (seed doc 005).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::spec::maxpool2d_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  DType index_dtype = DType::I32;
  bool batched = true;  // 4-D (N,C,H,W) when true, else 3-D (C,H,W)
  int64_t n = 1, c = 1;
  std::array<int64_t, 2> in_dims{1, 1};
  std::vector<int64_t> kernel{1}, stride{}, padding{0}, dilation{1};  // as passed (len 1 or 2; stride 0, 1 or 2)
  bool ceil_mode = false;
  Format format = Format::ND;  // the same for all four tensors
};

// A valid, contiguous case (gradOutput and indices shaped by the pooled dims). Throws std::invalid_argument when
// the parameters form no pooled size.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::maxpool2d_grad
