// The MaxPoolGradWithArgmaxV1 kernel on the bit mask (docs/mask-layout.md): each block takes N*C1 planes in
// turn; a pass holds some input rows of a plane (or a piece of one row) as fp32 in UB, adds every output row whose
// windows reach them (one gradOutput row, then one mask row per tap: each set bit adds its lane's gradient at the tap's
// input position), then rounds the rows once to the compute dtype and stores them. Every element of a pass
// is summed whole in that pass, so no two blocks or passes write the same bytes and no atomics are needed.
#include <algorithm>
#include <bit>
#include <vector>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/common/dtype_codec.h"
#include "ops/maxpool3d_grad/v1_mask.h"

namespace pcemu::maxpool::v1 {

namespace {

// Output positions whose windows reach inputs [a0, a1) along an axis of kernel k, stride s, padding p and n outputs:
// o*s - p + i in [a0, a1) for some i < k.
void output_range(int64_t k, int64_t s, int64_t p, int64_t n, int64_t a0, int64_t a1, int64_t* lo, int64_t* hi) {
  const int64_t first = a0 + p - (k - 1);  // smallest o*s that still reaches a0
  *lo = std::max<int64_t>(0, first <= 0 ? 0 : (first + s - 1) / s);
  *hi = std::min<int64_t>(n, (a1 - 1 + p) / s + 1);
}

}  // namespace

template <typename Codec>
PCEMU_VECTOR_CLONES void v1_mask_kernel(BlockContext& ctx, const V1Args<Codec>& a) {
  using T = typename Codec::T;
  const Dims& d = *a.d;
  const int64_t rows = a.t->rows, cols = a.t->cols, span = v1_output_span(d, cols);
  auto& ub = ctx.ub();
  auto acc = ub.alloc<float>(rows * cols * kC0, "v1 fp32 rows");
  auto res = ub.alloc<T>(rows * cols * kC0, "v1 result rows");
  auto grad = ub.alloc<T>(span * kC0, "v1 gradOutput row");
  auto bits = ub.alloc<unsigned char>(span * 2, "v1 mask row");
  const bool wrong_tap = fault_on(Fault::WrongTap), half_acc = fault_on(Fault::HalfAccumulation);
  std::vector<float> gradf(static_cast<size_t>(span * kC0));
  for (int64_t plane = ctx.block_idx(); plane < d.planes; plane += ctx.block_num()) {
    for (int64_t h0 = 0; h0 < d.h; h0 += rows) {
      const int64_t h1 = std::min(d.h, h0 + rows);
      int64_t ho0 = 0, ho1 = 0;
      output_range(d.kh, d.sh, d.ph, d.ho, h0, h1, &ho0, &ho1);
      for (int64_t w0 = 0; w0 < d.w; w0 += cols) {
        const int64_t w1 = std::min(d.w, w0 + cols), cw = w1 - w0, lanes = (h1 - h0) * cw * kC0;
        int64_t wo0 = 0, wo1 = 0;
        output_range(d.kw, d.sw, d.pw, d.wo, w0, w1, &wo0, &wo1);
        float* sum = acc.span(0, lanes);
        std::fill(sum, sum + lanes, 0.0f);
        for (int64_t ho = ho0; ho < ho1 && wo0 < wo1; ++ho) {
          ctx.copy_in(grad, 0, a.grad, ((plane * d.ho + ho) * d.wo + wo0) * kC0, (wo1 - wo0) * kC0);
          // The row widened once for all its taps (exact), where the device converts lane by lane.
          load_row<Codec>(grad.span(0, (wo1 - wo0) * kC0), gradf.data(), (wo1 - wo0) * kC0);
          for (int64_t i = 0; i < d.kh; ++i) {
            const int64_t h = ho * d.sh - d.ph + i;
            if (h < h0 || h >= h1) continue;  // another pass's row, or a padding row
            for (int64_t j = 0; j < d.kw; ++j) {
              const int64_t k = i * d.kw + j;
              ctx.copy_in(bits, 0, a.mask, ((plane * d.taps + k) * d.mask_row + ho * d.wo + wo0) * 2, (wo1 - wo0) * 2);
              const unsigned char* m = bits.span(0, (wo1 - wo0) * 2);
              for (int64_t wo = wo0; wo < wo1; ++wo) {
                int64_t w = wo * d.sw - d.pw + j;
                if (w < w0 || w >= w1) continue;  // another piece's column, or a padding tap (never copied out)
                const int64_t at = wo - wo0;
                const unsigned lane_bits = m[2 * at] | (static_cast<unsigned>(m[2 * at + 1]) << 8);
                if (lane_bits == 0) continue;
                if (wrong_tap && w + 1 < w1) ++w;
                float* __restrict dst = sum + ((h - h0) * cw + (w - w0)) * kC0;
                const float* __restrict src = gradf.data() + at * kC0;
                if (half_acc) {
                  for (int64_t c = 0; c < kC0; ++c) {
                    if (!((lane_bits >> c) & 1u)) continue;
                    dst[c] = Codec::load(Codec::store(dst[c] + src[c]));
                  }
                  continue;
                }
                // A clear bit adds +0.0f (the gradient's bits masked off), which leaves every sum as it is: a
                // sum starts at +0.0f, no round-to-nearest addition makes -0.0f from it, and x + 0.0f keeps a
                // NaN's bits. So all 16 lanes add without a branch, the same bits as adding the set lanes alone.
                for (int64_t c = 0; c < kC0; ++c) {
                  const uint32_t keep = 0u - ((lane_bits >> c) & 1u);
                  dst[c] += std::bit_cast<float>(std::bit_cast<uint32_t>(src[c]) & keep);
                }
              }
            }
          }
        }
        store_row<Codec>(sum, res.span(0, lanes), lanes);
        if (cw == d.w) {  // whole rows: one store
          ctx.copy_out(a.out, (plane * d.h + h0) * d.w * kC0, res, 0, lanes);
          continue;
        }
        for (int64_t r = 0; r < h1 - h0; ++r)
          ctx.copy_out(a.out, ((plane * d.h + h0 + r) * d.w + w0) * kC0, res, r * cw * kC0, cw * kC0);
      }
    }
  }
}

template void v1_mask_kernel<CodecF32>(BlockContext&, const V1Args<CodecF32>&);
template void v1_mask_kernel<CodecF16>(BlockContext&, const V1Args<CodecF16>&);

}  // namespace pcemu::maxpool::v1
