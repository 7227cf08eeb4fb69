// MaxPoolGradWithArgmaxV1, the bit-mask kernel ops-nn's op_api runs for aclnnMaxPool2dWithMaskBackward on the
// Atlas training series and for a 1x1 kernel on A2/A3 (docs/mask-layout.md has the mask; docs/emulator.md what
// is modelled). The op_api's casts and TransData to NC1HWC0 are host staging; the kernel reads the bit mask.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "npu/block_context.h"
#include "npu/platform.h"
#include "ops/common/op_plan.h"
#include "ops/maxpool3d_grad/problem.h"

namespace pcemu::maxpool::v1 {

inline constexpr const char* kV1OpType = "MaxPoolGradWithArgmaxV1";
inline constexpr int64_t kC0 = 16;  // channel lanes of NC1HWC0, one mask bit each

// The op_api's routing: every call on Ascend910, a 1x1 kernel elsewhere (A2/A3).
bool routes_to_v1(const Problem& pr, const PlatformProfile& plat);
// The dtype the kernel computes in (GetCastDtypeForMask): FLOAT16 for FLOAT on Ascend910, FLOAT for BF16.
aclDataType compute_dtype(aclDataType self, const std::string& soc);

// The problem's sizes in the kernel's terms (docs/mask-layout.md's notation).
struct Dims {
  int64_t planes = 0;  // N * C1
  int64_t c1 = 0;      // ceil(C / 16)
  int64_t h = 0, w = 0, ho = 0, wo = 0;
  int64_t kh = 0, kw = 0, sh = 0, sw = 0, ph = 0, pw = 0;
  int64_t taps = 0;      // K = kH * kW
  int64_t mask_row = 0;  // (G + 1) * 16 UINT16 per (plane, tap)
  int64_t mask_bytes() const { return planes * taps * mask_row * 2; }
};
Dims dims_of(const Problem& pr);

// Blocks over N*C1 planes; a pass accumulates `rows` input rows of one plane in fp32 UB (all H when it fits), or
// `cols` columns of one row where a whole row does not fit (as the TBE kernel's cut_w templates cut W).
struct V1Tiling {
  uint64_t key = 0;  // 1: whole plane per pass, 2: row passes (of whole rows, or of `cols`-wide pieces)
  int32_t block_dim = 0;
  int64_t rows = 0;
  int64_t cols = 0;
  int64_t ub_limit = 0;
  int64_t ub_model = 0;
  bool atomics = false;
  aclDataType compute = ACL_FLOAT;
  std::string summary() const;
  const char* strategy() const { return key == 1 ? "V1Plane" : "V1Rows"; }
};

// Output columns whose windows reach a piece of `cols` input columns (all of Wo for a whole row).
int64_t v1_output_span(const Dims& d, int64_t cols);
// UB bytes of a pass of `rows` input rows of `cols` columns (fp32 accumulator, its cast, the gradOutput and mask
// lanes of the output columns that reach them).
int64_t v1_ub_model(const Dims& d, int64_t rows, int64_t cols, int64_t compute_bytes);
std::optional<V1Tiling> plan_v1_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic,
                                       std::string* why);

// GM tensors of the kernel: NC1HWC0 gradOutput and result in the compute dtype, the mask's bytes.
template <typename Codec>
struct V1Args {
  const Dims* d = nullptr;
  const V1Tiling* t = nullptr;
  GmTensor<typename Codec::T> grad;  // planes x Ho x Wo x 16
  GmTensor<unsigned char> mask;      // planes x K x (G+1)*16 UINT16, little-endian
  GmTensor<typename Codec::T> out;   // planes x H x W x 16
};
template <typename Codec>
void v1_mask_kernel(BlockContext& ctx, const V1Args<Codec>& a);

Plan make_v1_plan(const Problem& pr, const V1Tiling& t, bool deterministic);

}  // namespace pcemu::maxpool::v1
