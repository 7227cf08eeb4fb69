// The documented contract of aclnnAvgPool3dBackward (seed doc 007): the average-pool rules
// (ops/avgpool2d_grad/spec_document.h) with this document's facts.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "case/case.h"
#include "ops/avgpool2d_grad/spec_document.h"
#include "spec/spec.h"

namespace poolcheck::spec::avgpool3d_grad {

// Built once (function-local static); rules in the order the checks run.
const OperatorSpec& operator_spec();
// Document 007's facts, which the family's rules read (spec_document.cpp).
const avgpool2d_grad::Document& document_007();

struct CaseParams {
  std::string soc = "Ascend910B";
  DType dtype = DType::F32;
  bool batched = true;         // 5-D (N,C,D,H,W) when true, else 4-D (C,D,H,W)
  Format format = Format::ND;  // ND (the document's) or NCDHW
  int64_t n = 1, c = 1;
  std::array<int64_t, 3> in_dims{1, 1, 1};               // self D, H, W
  std::vector<int64_t> kernel{1}, stride{}, padding{0};  // as passed to the API (len 1 or 3; stride 0, 1 or 3)
  bool ceil_mode = false, count_include_pad = false;
  int64_t divisor_override = 0;  // 0 = no override
};

// A valid, contiguous case: gradOutput shaped by the pooled D, H, W; scalars ceilMode, countIncludePad,
// divisorOverride in API order. Throws std::invalid_argument when the pooled size cannot be formed.
Case make_case(const CaseParams& p);

}  // namespace poolcheck::spec::avgpool3d_grad
