// AvgPool3DGrad's vector tiling (pooling/avg_pool3_d_grad/op_host/avg_pool_3d_grad_tiling.cpp), stated once for
// the two entry points that launch it: aclnnAvgPool2dBackward's vector path hands it a gradient of depth 1,
// aclnnAvgPool3dBackward one of real depth (tiling_oracle layer: written from upstream, no impl/ code).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ops/avgpool2d_grad/view.h"
#include "tiling_oracle/expected_tiling.h"
#include "tiling_oracle/thresholds.h"

namespace poolcheck::tiling_oracle::avgpool_family {

// One AvgPool3DGrad launch as its op_host tiling reads it: the 5-D gradient the op_api hands over, the original
// input's D/H/W and the attributes, each per axis (D, H, W).
struct GradCall {
  DType dtype = DType::F32;
  bool channels_last = true;     // data_format NDHWC (Tiling4CParam); false: NCDHW (Tiling4HWParam, Tiling4Block)
  int64_t n = 1;                 // the gradient's first axis (gradDim0)
  int64_t c = 0;                 // its channel axis: the last one (NDHWC) or the second (NCDHW)
  std::array<int64_t, 3> out{};  // the gradient's D, H, W
  std::array<int64_t, 3> in{};   // the original input's D, H, W
  std::array<int64_t, 3> k{};
  std::array<int64_t, 3> s{};
};

// isOverlap_: some stride below its kernel side.
bool overlapping(const GradCall& g);
// isOnlyT_: the window moves along D only (kH = sH = kW = sW = 1).
bool only_t(const GradCall& g);

// The decision for the call on the platform's numbers (the cores and UB knobs applied), or why there is none.
// NDHWC: strategy Vector, key 2000 fp32 / 1000 fp16 and bf16, Tiling4CParam's fields. NCDHW: strategy Vector,
// key 3000/4000 (only T), 5000 (normal block) or 6000 (scatter block), with blockDim.
TilingVerdict expected_tiling(const GradCall& g, const PlatformNumbers& platform, bool deterministic);

// The NDHWC decision's knob thresholds (none for NCDHW): the UB from which the channels fit one pass (changes
// cNum) and the core count that reaches the gradient's N*D*H*W positions (changes blockDim).
std::vector<Threshold> tiling_thresholds(const GradCall& g, const PlatformNumbers& platform, bool deterministic);

// Whether an average entry point's call reaches a kernel: gradOutput, self and a kernel list passed, both tensors of
// `spatial_rank` + 1 or + 2 dims alike, their element counts within int64 (they then bound every product of the
// launch) and neither empty. Otherwise false, with why.
bool launches(const ::poolcheck::avgpool2d_grad::PoolView& v, size_t spatial_rank, std::string* why);

}  // namespace poolcheck::tiling_oracle::avgpool_family
