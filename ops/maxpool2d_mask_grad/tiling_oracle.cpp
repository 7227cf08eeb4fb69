// The tiling decision of aclnnMaxPool2dWithMaskBackward: where the mask holds INT32 argmax (A2/A3, a kernel other
// than 1x1) upstream's op_api runs aclnnMaxPool2dWithIndicesBackward's route, so that statement judges the case
// with INT32 indices. Elsewhere upstream runs MaxPoolGradWithArgmaxV1, a TBE kernel whose tiling is not in ops-nn:
// no decision, said so.
#include "ops/maxpool2d_mask_grad/family.h"
#include "tiling_oracle/operator_statements.h"

namespace poolcheck::tiling_oracle::maxpool2d_mask_grad {

namespace {

namespace mask = ::poolcheck::maxpool2d_mask_grad;

constexpr const char* kNoV1Statement =
    "the bit-mask route runs ops-nn's MaxPoolGradWithArgmaxV1, a TBE kernel whose tiling is not in ops-nn";

bool argmax_route(const Case& c) { return mask::mask_layout_of(c) == mask::MaskLayout::Argmax32; }

}  // namespace

TilingVerdict expected_tiling(const Case& c, const PlatformNumbers& platform) {
  if (!argmax_route(c)) return {std::nullopt, kNoV1Statement, true};
  return maxpool2d_grad::expected_tiling(mask::as_family_case(c), platform);
}

std::vector<Threshold> tiling_thresholds(const Case& c, const PlatformNumbers& platform) {
  if (!argmax_route(c)) return {};
  return maxpool2d_grad::tiling_thresholds(mask::as_family_case(c), platform);
}

}  // namespace poolcheck::tiling_oracle::maxpool2d_mask_grad
