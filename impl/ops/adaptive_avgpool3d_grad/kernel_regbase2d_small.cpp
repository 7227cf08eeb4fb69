// NchwSmallKernel (ops-nn arch35 adaptive_avg_pool2d_grad_nchw_small_kernel.h): per tile, the gradOutput region
// is copied row by row (rows padded to a 32-byte block) and transposed channels-last (planes innermost, padded to
// 16) into fp32; each gradient, h batches then w batches of one index register (64 int32 / 32 int64 indices),
// rows then columns inside a batch, is multiplied by fp32(1/kH) * fp32(1/kW) (each reciprocal and the product
// rounded in fp32) and added to every tile element its window covers, all planes at once; the fp32 tile is cast
// to the dtype with round-to-nearest-even, transposed back and copied out row by row.
#include <algorithm>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d_tile.h"
#include "ops/common/dtype_codec.h"

namespace pcemu::adaptive {

template <typename Codec>
PCEMU_VECTOR_CLONES void r2_small_kernel(BlockContext& ctx, const R2Args<Codec>& a) {
  using T = typename Codec::T;
  const Regbase2dTiling& t = *a.t;
  const auto [first, count] = core_tiles(t, ctx.block_idx());
  if (count == 0) return;
  ctx.ub().free_all();
  const int64_t vreg = 256, trans = 16, block_elems = 32 / static_cast<int64_t>(sizeof(T));
  const int64_t index_vl = vreg / (t.int64_index ? 8 : 4);
  UbBuf<T> in_q[2];
  UbBuf<float> trans_q[2], out_q[2];
  for (auto& q : in_q) q = ctx.ub().alloc<T>(t.s.buf_a / static_cast<int64_t>(sizeof(T)), "gradOutput region");
  for (auto& q : trans_q) q = ctx.ub().alloc<float>(t.s.buf_b / 4, "channels-last gradOutput");
  for (auto& q : out_q) q = ctx.ub().alloc<float>(t.s.buf_c / 4, "channels-last fp32 tile");
  for (int i = 0; i < 7; ++i) ctx.ub().alloc<float>(vreg / 4, "window registers");
  const int64_t shift = fault_on(Fault::WrongTap) ? 1 : 0;  // the fault moves every window one column right

  for (int64_t k = 0; k < count; ++k) {
    const R2Tile tile(t, first + k);
    const int64_t hs = (tile.planes + trans - 1) / trans * trans;  // channels-last plane stride
    const int64_t gw_al = (tile.gw_n + block_elems - 1) / block_elems * block_elems;
    const int64_t w_al = (tile.w_act + block_elems - 1) / block_elems * block_elems;
    const int64_t rows_al = (tile.h_act * w_al + trans - 1) / trans * trans;
    const UbBuf<T>& in = in_q[k % 2];
    const UbBuf<float>& src = trans_q[k % 2];
    const UbBuf<float>& dst = out_q[k % 2];
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t r = 0; r < tile.gh_n; ++r)
        ctx.copy_in(in, (p * tile.gh_n + r) * gw_al, a.grad,
                    ((tile.plane0 + p) * t.hy + tile.gh0 + r) * t.wy + tile.gw0, tile.gw_n);

    const int64_t cols = tile.gh_n * gw_al;
    const T* iv = in.span(0, tile.planes * cols);
    float* sv = src.span(0, cols * hs);
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t col = 0; col < cols; ++col) sv[col * hs + p] = Codec::load(iv[p * cols + col]);
    float* dv = dst.span(0, rows_al * hs);
    std::fill(dv, dv + rows_al * hs, 0.0f);

    for (int64_t hb = 0; hb < tile.gh_n; hb += index_vl)
      for (int64_t wb = 0; wb < tile.gw_n; wb += index_vl)
        for (int64_t r = hb; r < std::min(tile.gh_n, hb + index_vl); ++r) {
          const auto wh = window(tile.gh0 + r, t.hx, t.hy);
          const int64_t h_lo = std::max(wh[0], tile.h0) - tile.h0;
          const int64_t h_hi = std::min(wh[1], tile.h0 + tile.h_act) - tile.h0;
          const float inv_h = 1.0f / static_cast<float>(wh[1] - wh[0]);
          for (int64_t c = wb; c < std::min(tile.gw_n, wb + index_vl); ++c) {
            const auto ww = window(tile.gw0 + c, t.wx, t.wy);
            const int64_t w_lo = std::max(ww[0] + shift, tile.w0) - tile.w0;
            const int64_t w_hi = std::min(ww[1] + shift, tile.w0 + tile.w_act) - tile.w0;
            if (h_hi <= h_lo || w_hi <= w_lo) continue;
            const float scale = inv_h * (1.0f / static_cast<float>(ww[1] - ww[0]));
            const float* g = sv + (r * gw_al + c) * hs;
            for (int64_t h = h_lo; h < h_hi; ++h)
              for (int64_t w = w_lo; w < w_hi; ++w) {
                float* o = dv + (h * w_al + w) * hs;
                for (int64_t p = 0; p < tile.planes; ++p) o[p] += g[p] * scale;
              }
          }
        }

    // Cast, then transpose back into the input-side buffer: plane p's rows at p * rows_al.
    const UbBuf<T> back(reinterpret_cast<T*>(src.data()), src.size() * 4 / static_cast<int64_t>(sizeof(T)),
                        src.ub_offset());
    T* bv = back.span(0, tile.planes * rows_al);
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t row = 0; row < rows_al; ++row) bv[p * rows_al + row] = Codec::store(dv[row * hs + p]);
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t h = 0; h < tile.h_act; ++h)
        ctx.copy_out(a.out, ((tile.plane0 + p) * t.hx + tile.h0 + h) * t.wx + tile.w0, back, p * rows_al + h * w_al,
                     tile.w_act);
  }
}

template void r2_small_kernel<CodecF32>(BlockContext&, const R2Args<CodecF32>&);
template void r2_small_kernel<CodecF16>(BlockContext&, const R2Args<CodecF16>&);
template void r2_small_kernel<CodecBF16>(BlockContext&, const R2Args<CodecBF16>&);

}  // namespace pcemu::adaptive
