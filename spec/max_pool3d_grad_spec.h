// The documented contract of aclnnMaxPool3dWithArgmaxBackward (seed docs 000, 003, 004; 003 normative).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "spec/spec.h"

namespace poolcheck::spec {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& max_pool3d_grad_spec();

// The documented output-size rule (PyTorch pooling_output_shape): floor division rounding toward -inf; ceil
// mode adds stride-1 and drops a last window that would start at or beyond in + pad. nullopt when an argument
// is invalid (in < 1, k < 1, s < 1, p < 0, d < 1) or the size would be < 1. The "pad <= k/2" rule is a
// separate spec rule and is not applied here. The spec's own implementation (not shared with oracle/, impl/).
std::optional<int64_t> max_pool_out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode);

struct MaxPoolCaseParams {
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
Case make_max_pool3d_grad_case(const MaxPoolCaseParams& p);

}  // namespace poolcheck::spec
