// The MaxPoolGradWithArgmaxV1 kernel on the bit mask (docs/mask-layout.md): each block takes N*C1 planes in
// turn; a pass holds some input rows of a plane as fp32 in UB, adds every output row whose windows reach
// them (one gradOutput row, then one mask row per tap: each set bit adds its lane's gradient at the tap's
// input position), then rounds the rows once to the compute dtype and stores them. Every element of a pass
// is summed whole in that pass, so no two blocks or passes write the same bytes and no atomics are needed.
#include <algorithm>

#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/v1_mask.h"

namespace pcemu::maxpool::v1 {

namespace {

// Output rows whose windows reach input rows [h0, h1): ho*sH - pH + i in [h0, h1) for some i < kH.
void output_rows(const Dims& d, int64_t h0, int64_t h1, int64_t* lo, int64_t* hi) {
  const int64_t first = h0 + d.ph - (d.kh - 1);  // smallest ho*sH that still reaches h0
  *lo = std::max<int64_t>(0, first <= 0 ? 0 : (first + d.sh - 1) / d.sh);
  *hi = std::min<int64_t>(d.ho, (h1 - 1 + d.ph) / d.sh + 1);
}

}  // namespace

template <typename Codec>
void v1_mask_kernel(BlockContext& ctx, const V1Args<Codec>& a) {
  using T = typename Codec::T;
  const Dims& d = *a.d;
  const int64_t rows = a.t->rows, row_lanes = d.w * kC0;
  auto& ub = ctx.ub();
  auto acc = ub.alloc<float>(rows * row_lanes, "v1 fp32 rows");
  auto res = ub.alloc<T>(rows * row_lanes, "v1 result rows");
  auto grad = ub.alloc<T>(d.wo * kC0, "v1 gradOutput row");
  auto bits = ub.alloc<unsigned char>(d.wo * 2, "v1 mask row");
  const bool wrong_tap = fault_on(Fault::WrongTap), half_acc = fault_on(Fault::HalfAccumulation);
  for (int64_t plane = ctx.block_idx(); plane < d.planes; plane += ctx.block_num()) {
    for (int64_t h0 = 0; h0 < d.h; h0 += rows) {
      const int64_t h1 = std::min(d.h, h0 + rows);
      float* sum = acc.span(0, (h1 - h0) * row_lanes);
      std::fill(sum, sum + (h1 - h0) * row_lanes, 0.0f);
      int64_t ho0 = 0, ho1 = 0;
      output_rows(d, h0, h1, &ho0, &ho1);
      for (int64_t ho = ho0; ho < ho1; ++ho) {
        ctx.copy_in(grad, 0, a.grad, (plane * d.ho + ho) * d.wo * kC0, d.wo * kC0);
        const T* g = grad.span(0, d.wo * kC0);
        for (int64_t i = 0; i < d.kh; ++i) {
          const int64_t h = ho * d.sh - d.ph + i;
          if (h < h0 || h >= h1) continue;  // another pass's row, or a padding row
          for (int64_t j = 0; j < d.kw; ++j) {
            const int64_t k = i * d.kw + j;
            ctx.copy_in(bits, 0, a.mask, ((plane * d.taps + k) * d.mask_row + ho * d.wo) * 2, d.wo * 2);
            const unsigned char* m = bits.span(0, d.wo * 2);
            for (int64_t wo = 0; wo < d.wo; ++wo) {
              int64_t w = wo * d.sw - d.pw + j;
              if (w < 0 || w >= d.w) continue;  // a padding tap: col2img's border, never copied out
              const unsigned lane_bits = m[2 * wo] | (static_cast<unsigned>(m[2 * wo + 1]) << 8);
              if (lane_bits == 0) continue;
              if (wrong_tap && w + 1 < d.w) ++w;
              float* dst = sum + ((h - h0) * d.w + w) * kC0;
              const T* src = g + wo * kC0;
              for (int64_t c = 0; c < kC0; ++c) {
                if (!((lane_bits >> c) & 1u)) continue;
                dst[c] += Codec::load(src[c]);
                if (half_acc) dst[c] = Codec::load(Codec::store(dst[c]));
              }
            }
          }
        }
      }
      store_row<Codec>(sum, res.span(0, (h1 - h0) * row_lanes), (h1 - h0) * row_lanes);
      ctx.copy_out(a.out, (plane * d.h + h0) * row_lanes, res, 0, (h1 - h0) * row_lanes);
    }
  }
}

template void v1_mask_kernel<CodecF32>(BlockContext&, const V1Args<CodecF32>&);
template void v1_mask_kernel<CodecF16>(BlockContext&, const V1Args<CodecF16>&);

}  // namespace pcemu::maxpool::v1
