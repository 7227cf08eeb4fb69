// The documented contract of aclnnMaxPool2dWithMaskBackward (seed doc 006): aclnnMaxPool2dWithIndicesBackward's
// rules (ops/maxpool2d_grad/spec_document.h) with this document's platforms, dtypes, mask and words.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::spec::maxpool2d_mask_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  bool batched = true;  // 4-D (N,C,H,W) when true, else 3-D (C,H,W)
  int64_t n = 1, c = 1;
  std::array<int64_t, 2> in_dims{1, 1};
  std::vector<int64_t> kernel{1}, stride{}, padding{0};  // as passed (len 1 or 2; stride 0, 1 or 2)
  bool ceil_mode = false;
  Format format = Format::NCHW;  // the same for all four tensors
};

// A valid, contiguous case (gradOutput shaped by the pooled dims, the mask by its formula; dilation 1). Throws
// std::invalid_argument when the parameters form no pooled size.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::maxpool2d_mask_grad
