// BigKernel (ops-nn arch35 adaptive_avg_pool2d_grad_big_kernel.h): per tile of `out`, the gradOutput region is
// copied densely (planes, rows, columns: NDDMA) into UB; the fp32 tile (rows padded to a 32-byte block of the
// dtype) is zeroed; each gradient in region order is cast to fp32 and divided by its window's element count
// (fp32 division), then added to every tile element its window covers; the tile is cast to the dtype with
// round-to-nearest-even in place and copied out row by row. Buffers are the tiling's, double-buffered.
#include <algorithm>
#include <cstring>

#include "common/vector_clones.h"
#include "npu/faults.h"
#include "ops/adaptive_avgpool3d_grad/regbase2d_tile.h"
#include "ops/common/dtype_codec.h"

namespace pcemu::adaptive {

namespace {

// NDDMA into UB: `count` elements to any UB element offset (a DataCopy needs a 32-byte aligned UB start), in
// pieces through an aligned scratch register.
template <typename T>
void nd_copy_in(BlockContext& ctx, const UbBuf<T>& dst, int64_t dst_off, const GmTensor<T>& src, int64_t src_off,
                int64_t count, const UbBuf<T>& scratch) {
  T* to = dst.span(dst_off, count);
  for (int64_t i = 0; i < count; i += scratch.size()) {
    const int64_t n = std::min(scratch.size(), count - i);
    ctx.copy_in(scratch, 0, src, src_off + i, n);
    std::memcpy(to + i, scratch.data(), static_cast<size_t>(n) * sizeof(T));
  }
}

}  // namespace

template <typename Codec>
PCEMU_VECTOR_CLONES void r2_big_kernel(BlockContext& ctx, const R2Args<Codec>& a) {
  using T = typename Codec::T;
  const Regbase2dTiling& t = *a.t;
  const auto [first, count] = core_tiles(t, ctx.block_idx());
  if (count == 0) return;
  ctx.ub().free_all();
  const int64_t vreg = 256;
  UbBuf<T> grad_q[2];
  UbBuf<float> out_q[2];
  for (auto& q : out_q) q = ctx.ub().alloc<float>(t.s.buf_b / 4, "fp32 output tile");
  for (auto& q : grad_q) q = ctx.ub().alloc<T>(t.s.buf_a / static_cast<int64_t>(sizeof(T)), "gradOutput region");
  auto scratch = ctx.ub().alloc<T>(vreg / static_cast<int64_t>(sizeof(T)), "NDDMA register");
  for (int i = 0; i < 6; ++i) ctx.ub().alloc<float>(vreg / 4, "index scratch");  // high/size/start/end registers
  const int64_t block_elems = 32 / static_cast<int64_t>(sizeof(T));
  const int64_t shift = fault_on(Fault::WrongTap) ? 1 : 0;  // the fault moves every window one column right

  for (int64_t k = 0; k < count; ++k) {
    const R2Tile tile(t, first + k);
    const UbBuf<T>& g = grad_q[k % 2];
    const UbBuf<float>& o = out_q[k % 2];
    const int64_t region = tile.gh_n * tile.gw_n;
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t r = 0; r < tile.gh_n; ++r)
        nd_copy_in(ctx, g, p * region + r * tile.gw_n, a.grad,
                   ((tile.plane0 + p) * t.hy + tile.gh0 + r) * t.wy + tile.gw0, tile.gw_n, scratch);

    const int64_t w_al = (tile.w_act + block_elems - 1) / block_elems * block_elems;
    const int64_t plane_al = tile.h_act * w_al;
    std::fill(o.data(), o.data() + o.size(), 0.0f);
    float* acc = o.span(0, tile.planes * plane_al);
    const T* gv = g.span(0, tile.planes * region);
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t r = 0; r < tile.gh_n; ++r) {
        const auto wh = window(tile.gh0 + r, t.hx, t.hy);
        const int64_t h_lo = std::max(wh[0], tile.h0) - tile.h0, h_hi = std::min(wh[1], tile.h0 + tile.h_act) - tile.h0;
        for (int64_t c = 0; c < tile.gw_n; ++c) {
          const auto ww = window(tile.gw0 + c, t.wx, t.wy);
          const int64_t w_lo = std::max(ww[0] + shift, tile.w0) - tile.w0;
          const int64_t w_hi = std::min(ww[1] + shift, tile.w0 + tile.w_act) - tile.w0;
          const float v =
              Codec::load(gv[p * region + r * tile.gw_n + c]) / static_cast<float>((wh[1] - wh[0]) * (ww[1] - ww[0]));
          for (int64_t h = h_lo; h < h_hi; ++h)
            for (int64_t w = w_lo; w < w_hi; ++w) acc[p * plane_al + h * w_al + w] += v;
        }
      }

    // In-place cast (upstream reinterprets the fp32 tile): element i of the dtype is written after fp32 element i
    // was read, through bytes so that the two views need not alias.
    const UbBuf<T> cast(reinterpret_cast<T*>(o.data()), o.size() * 4 / static_cast<int64_t>(sizeof(T)), o.ub_offset());
    auto* bytes = reinterpret_cast<unsigned char*>(acc);
    for (int64_t i = 0; i < tile.planes * plane_al; ++i) {
      float v = 0.0f;
      std::memcpy(&v, bytes + i * 4, 4);
      const T s = Codec::store(v);
      std::memcpy(bytes + i * static_cast<int64_t>(sizeof(T)), &s, sizeof(T));
    }
    for (int64_t p = 0; p < tile.planes; ++p)
      for (int64_t h = 0; h < tile.h_act; ++h)
        ctx.copy_out(a.out, ((tile.plane0 + p) * t.hx + tile.h0 + h) * t.wx + tile.w0, cast, p * plane_al + h * w_al,
                     tile.w_act);
  }
}

template void r2_big_kernel<CodecF32>(BlockContext&, const R2Args<CodecF32>&);
template void r2_big_kernel<CodecF16>(BlockContext&, const R2Args<CodecF16>&);
template void r2_big_kernel<CodecBF16>(BlockContext&, const R2Args<CodecBF16>&);

}  // namespace pcemu::adaptive
