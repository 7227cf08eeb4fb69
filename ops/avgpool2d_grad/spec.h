// The documented contract of aclnnAvgPool2dBackward (seed doc 001).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "spec/pooled_size.h"
#include "spec/spec.h"

namespace poolcheck::spec::avgpool2d_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  bool batched = true;  // 4-D (N,C,H,W) in NCHW when true, else 3-D (C,H,W) in NCL
  int64_t n = 1, c = 1;
  std::array<int64_t, 2> in_dims{1, 1};                  // self H, W
  std::vector<int64_t> kernel{1}, stride{}, padding{0};  // as passed to the API (len 1 or 2; stride 0, 1, 2)
  bool ceil_mode = false, count_include_pad = true;
  int64_t divisor_override = 0;  // 0 = no override
  int64_t cube_math_type = 0;    // 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32
};

// A valid, contiguous case: gradOutput shaped by the pooled H, W; every tensor in NCHW (4-D) or NCL (3-D);
// scalars ceilMode, countIncludePad, divisorOverride, cubeMathType in API order. The caller guarantees the
// params are valid; throws std::invalid_argument when the pooled size cannot be formed.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::avgpool2d_grad
