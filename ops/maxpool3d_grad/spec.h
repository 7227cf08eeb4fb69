// The documented contract of aclnnMaxPool3dWithArgmaxBackward (seed docs 000, 003, 004; 003 normative).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "spec/pooled_size.h"
#include "spec/spec.h"

namespace poolcheck::spec::maxpool3d_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  DType index_dtype = DType::I32;
  bool batched = true;  // 5-D (N,C,D,H,W) when true, else 4-D (C,D,H,W)
  int64_t n = 1, c = 1;
  std::array<int64_t, 3> in_dims{1, 1, 1};
  std::vector<int64_t> kernel{1}, stride{}, padding{0}, dilation{1};  // as passed to the API (len 1 or 3; stride 0,1,3)
  bool ceil_mode = false;
  Format format = Format::ND;  // same format for all four tensors
};

// A valid, contiguous case (gradOutput/indices shaped by the pooled dims). Caller guarantees the params are
// valid; throws std::invalid_argument when the pooled size cannot be formed.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::maxpool3d_grad
